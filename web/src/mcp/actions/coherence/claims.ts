import { coherenceTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { onWorkspaceKernel } from '../../coherenceKernel';

/** coherence.claims for a Scratch or picked-folder workspace, from the kernel in its worker. */
export const claims = defineAction(coherenceTool, 'claims', {
  async run(ctx, args) {
    return onWorkspaceKernel(ctx, args.workspace_root, { what: 'coherence.claims', isWrite: false }, (kernel) => kernel.claims());
  },
});

import { coherenceTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { onWorkspaceKernel } from '../../coherenceKernel';

/** coherence.status for a Scratch or picked-folder workspace, from the kernel in its worker. */
export const status = defineAction(coherenceTool, 'status', {
  async run(ctx, args) {
    return onWorkspaceKernel(ctx, args.workspace_root, { what: 'coherence.status', isWrite: false }, (kernel) => kernel.status());
  },
});

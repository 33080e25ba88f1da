import { coherenceTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { onWorkspaceKernel } from '../../coherenceKernel';

/** coherence.contexts for a Scratch or picked-folder workspace, from the kernel in its worker. */
export const contexts = defineAction(coherenceTool, 'contexts', {
  async run(ctx, args) {
    return onWorkspaceKernel(ctx, args.workspace_root, { what: 'coherence.contexts', isWrite: false }, (kernel) => kernel.contexts());
  },
});

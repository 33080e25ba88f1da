import { coherenceTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { onWorkspaceKernel } from '../../coherenceKernel';

/** coherence.edges for a Scratch or picked-folder workspace, from the kernel in its worker. */
export const edges = defineAction(coherenceTool, 'edges', {
  async run(ctx, args) {
    return onWorkspaceKernel(ctx, args.workspace_root, { what: 'coherence.edges', isWrite: true }, (kernel) => kernel.edges());
  },
});

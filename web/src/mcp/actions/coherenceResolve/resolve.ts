import { coherenceResolveTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { onWorkspaceKernel } from '../../coherenceKernel';

/**
 * coherence_resolve.resolve for a Scratch or picked-folder workspace. Authorised by the principal
 * the host resolved from the client's credential (absent: anonymous, refused), never by clientInfo.
 */
export const resolve = defineAction(coherenceResolveTool, 'resolve', {
  async run(ctx, args) {
    const request = { txf: args.txf, input: args.input, resolution: args.resolution, ...(args.reason !== undefined ? { reason: args.reason } : {}) };
    return onWorkspaceKernel(ctx, args.workspace_root, { what: 'coherence_resolve.resolve', isWrite: true }, (kernel) => kernel.resolve(ctx.principal.identity ?? { kind: 'anonymous' }, request));
  },
});

import { resolveAsDelegate, type ResolveRequest } from '@vmark/shared/lib/coherence/index';
import { answer } from '../../../coherence/answer';
import { kernelFor } from '../../../coherence/workspaceKernels';
import { defineHostAction } from '../defineHostAction';

/**
 * coherence_resolve.resolve: authorised by the principal the host resolved from the client's
 * credential (absent = anonymous), never by anything in the arguments or the clientInfo name.
 */
export const resolveAction = defineHostAction('coherence_resolve', 'resolve', (ctx, args) =>
  answer({ what: 'coherence_resolve.resolve', isWrite: true }, async () => {
    const kernel = await kernelFor(args.workspace_root);
    const { txf, input, resolution, reason } = args as unknown as ResolveRequest;
    const request: ResolveRequest = { txf, input, resolution, ...(reason !== undefined ? { reason } : {}) };
    return resolveAsDelegate(kernel, ctx.principal.identity ?? { kind: 'anonymous' }, request);
  }),
);

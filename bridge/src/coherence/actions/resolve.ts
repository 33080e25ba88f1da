import type { CallOutcome, ClientPrincipal } from '@vmark/shared';
import { resolveAsDelegate, withCallLimit } from '@vmark/shared/lib/coherence/index';
import { kernelFor } from '../workspaceKernels';
import { answer } from './run';

export interface ResolveArgs {
  workspace_root?: unknown;
  txf: string;
  input: number;
  resolution: 'accept-newer' | 'waive';
  reason?: string;
}

/**
 * coherence_resolve.resolve: authorised by the principal the host resolved from the client's
 * credential (absent = anonymous), never by anything in the arguments. The workspace_root rule of
 * coherence applies here too.
 */
export function resolveAction(args: ResolveArgs, identity: ClientPrincipal | undefined): Promise<CallOutcome> {
  return answer(async () => {
    const kernel = await kernelFor(args.workspace_root);
    const request = { txf: args.txf, input: args.input, resolution: args.resolution, ...(args.reason !== undefined ? { reason: args.reason } : {}) };
    return withCallLimit(resolveAsDelegate(kernel, identity ?? { kind: 'anonymous' }, request), 'coherence_resolve.resolve', true);
  });
}

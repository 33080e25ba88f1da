import type { EntryOf } from '../ledger/entries';
import { CoherenceError } from './errors';
import { liveGrantFor } from './delegation';
import type { CoherenceKernel } from './kernel';
import type { ClientPrincipal } from './principal';
import type { ProjectedEdge } from './project';
import { reconcile } from './scan';

export interface ResolveRequest {
  txf: string;
  input: number;
  resolution: 'accept-newer' | 'waive';
  reason?: string;
}

export interface ResolveAnswer {
  txf: string;
  input: number;
  resolution: 'accept-newer' | 'waive';
  resolved_against: string;
  /** The ledger entry that records it (the audit log). */
  entry: string;
  delegation: string;
}

const ASK = 'ask the user to grant this client a delegation in VMark\'s Coherence panel (Delegation), instead of retrying';

/**
 * coherence_resolve.resolve: fail-closed. The caller must be a named client (its credential, not
 * its clientInfo), hold a current unexpired grant covering the resolution, and name an edge that
 * is still active and has one upstream head. The record references the grant and is never undone.
 */
export async function resolveAsDelegate(kernel: CoherenceKernel, principal: ClientPrincipal, request: ResolveRequest): Promise<ResolveAnswer> {
  if (principal.kind !== 'named') {
    throw new CoherenceError(
      null,
      principal.kind === 'anonymous'
        ? 'This MCP connection presents no client credential, so it cannot hold a delegation. Run `vmark connect <client>` (claude-code, claude-desktop, cursor or vscode) to give this AI client its own credential, restart the client, then ' + ASK
        : 'The client credential this MCP connection presents is not one VMark issued (or it was replaced). Re-run `vmark connect <client>` for this AI client and restart it, then ' + ASK,
    );
  }
  if (request.resolution === 'waive' && !request.reason?.trim()) throw new CoherenceError(null, 'reason is required to waive an edge; say why the derived document may stay as it is');
  return kernel.writes.run(async () => {
    await kernel.refresh({ repair: true });
    const scope = request.resolution === 'accept-newer' ? 'resolve.accept-newer' : 'resolve.waive';
    const lookup = liveGrantFor(kernel.index, principal.id, scope, kernel.now());
    if (!lookup.ok) {
      const what =
        lookup.why === 'expired'
          ? `The delegation to ${principal.id} expired at ${lookup.grant?.body.expires ?? '?'}`
          : lookup.why === 'scope'
            ? `The delegation to ${principal.id} covers ${lookup.grant?.body.scope.join(', ') ?? 'nothing'}, not ${scope}`
            : `${principal.id} holds no delegation in this workspace`;
      throw new CoherenceError(null, `${what}; ${ASK}`);
    }
    await reconcile(kernel);
    const edge = (await kernel.project()).find((e) => e.txf === request.txf && e.input === request.input);
    refuseInactive(edge, request);
    const active = edge as ProjectedEdge & { selection: string };
    const body = {
      edge: { txf: request.txf, input: request.input },
      upstream_object: active.upstream,
      pinned: active.pinned,
      resolved_against: active.selection,
      actor: { type: 'external' as const, id: principal.id },
      delegation: lookup.grant.body.delegation,
      ...(request.reason ? { reason: request.reason } : {}),
    };
    const entry: EntryOf<'ratification'> | EntryOf<'waiver'> =
      request.resolution === 'accept-newer' ? kernel.entry('ratification', body) : kernel.entry('waiver', { ...body, reason: request.reason as string });
    await kernel.append([entry]);
    return { txf: request.txf, input: request.input, resolution: request.resolution, resolved_against: active.selection, entry: entry.id, delegation: lookup.grant.body.delegation };
  });
}

/** Accept newer and waive need a single upstream revision to resolve against. */
export function refuseInactive(edge: ProjectedEdge | undefined, request: { txf: string; input: number }): void {
  const name = `edge ${request.txf}/${request.input}`;
  if (!edge) throw new CoherenceError(null, `${name} is not an active edge (a newer downstream revision retired it, or it never existed); read coherence.edges again`);
  if (edge.state === 'diverged-multi-head') {
    throw new CoherenceError(null, `${name}: its upstream ${edge.upstream_path} has several heads, so there is no single revision to accept or waive against; the person must merge them (or revise the downstream) first`);
  }
  if (edge.state === 'unpinnable' || edge.selection === null) throw new CoherenceError(null, `${name}: its pinned upstream revision is unknown to this ledger, so it cannot be resolved; the person must revise the downstream`);
  if (edge.state === 'fresh' || edge.state === 'fresh-ratified' || edge.state === 'fresh-ahead') throw new CoherenceError(null, `${name} is already fresh; nothing to resolve — read coherence.edges again`);
}

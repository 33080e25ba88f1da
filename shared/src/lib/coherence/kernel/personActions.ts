import type { EntryOf } from '../ledger/entries';
import { CoherenceError } from './errors';
import { DEFAULT_GRANT_DAYS, type DelegationScope } from './delegation';
import type { CoherenceKernel } from './kernel';
import { claimsFingerprint, type ProjectedEdge } from './project';
import { refuseInactive } from './resolve';
import { reconcile } from './scan';

/** What the person does in the Coherence panel. Agents never reach these. */

export async function activeEdge(kernel: CoherenceKernel, txf: string, input: number): Promise<ProjectedEdge & { selection: string }> {
  await reconcile(kernel);
  const edge = (await kernel.project()).find((e) => e.txf === txf && e.input === input);
  refuseInactive(edge, { txf, input });
  return edge as ProjectedEdge & { selection: string };
}

/** Accept newer, or waive with a reason (and optionally an expiry), as the person. */
export function resolveAsPerson(
  kernel: CoherenceKernel,
  request: { txf: string; input: number; resolution: 'accept-newer' | 'waive'; reason?: string; expires?: Date },
): Promise<EntryOf<'ratification'> | EntryOf<'waiver'>> {
  if (request.resolution === 'waive' && !request.reason?.trim()) return Promise.reject(new CoherenceError(null, 'A waiver needs a reason: say why the derived document may stay as it is.'));
  return kernel.writes.run(async () => {
    const edge = await activeEdge(kernel, request.txf, request.input);
    const body = {
      edge: { txf: request.txf, input: request.input },
      upstream_object: edge.upstream,
      pinned: edge.pinned,
      resolved_against: edge.selection,
      actor: { type: 'human' as const },
      ...(request.reason ? { reason: request.reason } : {}),
      ...(request.expires ? { expires: request.expires.toISOString() } : {}),
    };
    const entry = request.resolution === 'accept-newer' ? kernel.entry('ratification', body) : kernel.entry('waiver', { ...body, reason: request.reason as string });
    await kernel.append([entry]);
    return entry;
  });
}

/** "Checked: still valid / contradicts / can't tell" for the edge's pinned and current upstream revisions. */
export function recordCheck(kernel: CoherenceKernel, request: { txf: string; input: number; verdict: 'no-contradiction' | 'contradiction' | 'unknown' }): Promise<EntryOf<'check-result'>> {
  return kernel.writes.run(async () => {
    const edge = await activeEdge(kernel, request.txf, request.input);
    const context = await kernel.defaultContext();
    const entry = kernel.entry('check-result', {
      edge: { txf: request.txf, input: request.input },
      pinned: edge.pinned,
      checked_against: edge.selection,
      verdict: request.verdict,
      context: context.id,
      claims_fingerprint: claimsFingerprint(kernel.index, context),
      actor: { type: 'human' },
    });
    await kernel.append([entry]);
    return entry;
  });
}

/** Grants a named client a scope until `expires` (required, in the future; the panel offers 7 days). */
export function grantDelegation(kernel: CoherenceKernel, request: { delegate: string; scope: DelegationScope[]; expires?: Date }): Promise<EntryOf<'delegation'>> {
  const expires = request.expires ?? new Date(kernel.now().getTime() + DEFAULT_GRANT_DAYS * 86_400_000);
  if (expires <= kernel.now()) return Promise.reject(new CoherenceError(null, 'A delegation must expire in the future; pick a later date.'));
  if (request.scope.length === 0) return Promise.reject(new CoherenceError(null, 'A delegation needs a scope: accept-newer, waive, or both.'));
  return kernel.writes.run(async () => {
    const previous = [...kernel.index.delegations.values()].flat().filter((d) => d.body.delegate.id === request.delegate);
    const latest = previous.sort((a, b) => (a.time < b.time ? 1 : -1))[0];
    const entry = kernel.entry('delegation', {
      delegation: latest?.body.delegation ?? kernel.newId(),
      actor: { type: 'human' },
      delegate: { type: 'external', id: request.delegate },
      scope: [...new Set(request.scope)],
      expires: expires.toISOString(),
      supersedes: latest?.id ?? null,
    });
    await kernel.append([entry]);
    return entry;
  });
}

/** Revocation supersedes the grant with an empty scope; resolutions already made stay on the record. */
export function revokeDelegation(kernel: CoherenceKernel, delegation: string): Promise<EntryOf<'delegation'>> {
  return kernel.writes.run(async () => {
    const entries = kernel.index.delegations.get(delegation) ?? [];
    const latest = [...entries].sort((a, b) => (a.time < b.time ? 1 : -1))[0];
    if (!latest) throw new CoherenceError(null, `No delegation ${delegation}; the panel lists the current grants.`);
    const entry = kernel.entry('delegation', { ...latest.body, scope: [], supersedes: latest.id });
    await kernel.append([entry]);
    return entry;
  });
}

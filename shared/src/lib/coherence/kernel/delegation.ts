import type { EntryOf } from '../ledger/entries';
import { CoherenceIndex } from './coherenceIndex';

export type DelegationScope = 'resolve.accept-newer' | 'resolve.waive';
export const DEFAULT_GRANT_DAYS = 7;

export type GrantLookup =
  | { ok: true; grant: EntryOf<'delegation'> }
  | { ok: false; why: 'none' | 'expired' | 'scope'; grant?: EntryOf<'delegation'> };

/** The delegate's current grant (unsuperseded, unexpired, scope non-empty) covering `scope`. Fail-closed. */
export function liveGrantFor(index: CoherenceIndex, delegate: string, scope: DelegationScope, now: Date): GrantLookup {
  let sawExpired: EntryOf<'delegation'> | undefined;
  let sawScope: EntryOf<'delegation'> | undefined;
  for (const entries of index.delegations.values()) {
    const current = CoherenceIndex.current(entries);
    if (!current || current.body.delegate.id !== delegate || current.body.scope.length === 0) continue;
    const expires = new Date(current.body.expires);
    if (Number.isNaN(expires.getTime()) || expires <= now) {
      sawExpired = current;
      continue;
    }
    if (!current.body.scope.includes(scope)) {
      sawScope = current;
      continue;
    }
    return { ok: true, grant: current };
  }
  if (sawScope) return { ok: false, why: 'scope', grant: sawScope };
  if (sawExpired) return { ok: false, why: 'expired', grant: sawExpired };
  return { ok: false, why: 'none' };
}

/** Current grants (revoked ones have an empty scope) for the panel. */
export function currentGrants(index: CoherenceIndex): EntryOf<'delegation'>[] {
  return [...index.delegations.values()].map((e) => CoherenceIndex.current(e)).filter((g): g is EntryOf<'delegation'> => g !== undefined && g.body.scope.length > 0);
}

/** The audit log: every resolution made under a grant, oldest first. Entries are never removed. */
export function delegatedResolutions(index: CoherenceIndex): (EntryOf<'ratification'> | EntryOf<'waiver'>)[] {
  return [...index.resolutions.values()]
    .flat()
    .filter((r) => r.body.delegation !== undefined)
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : 1));
}

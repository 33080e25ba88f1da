import { loadBrowserState, updateBrowserState } from '../state/browserState';
import type { Operation } from '../safety/operations';

/** The "Site permissions" page's view of the standing grants (never anything from the pages). */
export interface SiteGrantView {
  clientName: string;
  origin: string;
  operation: Operation;
  grantedAt: number;
  principalKey: string;
}

export type SitePermissionsMessage =
  | { type: 'vmark.grants.list' }
  | { type: 'vmark.grants.revoke'; principalKey: string; origin: string; operation: Operation };

export async function listSiteGrants(): Promise<SiteGrantView[]> {
  return (await loadBrowserState()).siteGrants.map(({ clientName, origin, operation, grantedAt, principalKey }) => ({ clientName, origin, operation, grantedAt, principalKey }));
}

export function revokeSiteGrant(principalKey: string, origin: string, operation: Operation): Promise<boolean> {
  return updateBrowserState((state) => {
    const before = state.siteGrants.length;
    state.siteGrants = state.siteGrants.filter((g) => !(g.principalKey === principalKey && g.origin === origin && g.operation === operation));
    return state.siteGrants.length < before;
  });
}

import { loadBrowserState, updateBrowserState } from '../state/browserState';
import type { Operation } from '../safety/operations';

/** The "Site permissions" page's view of the standing grants (never anything from the pages). */
export interface SiteGrantView {
  clientName: string;
  origin: string;
  operation: Operation;
  grantedAt: number;
  sessionKey: string;
}

export type SitePermissionsMessage =
  | { type: 'vmark.grants.list' }
  | { type: 'vmark.grants.revoke'; sessionKey: string; origin: string; operation: Operation };

export async function listSiteGrants(): Promise<SiteGrantView[]> {
  return (await loadBrowserState()).siteGrants.map(({ clientName, origin, operation, grantedAt, sessionKey }) => ({ clientName, origin, operation, grantedAt, sessionKey }));
}

export function revokeSiteGrant(sessionKey: string, origin: string, operation: Operation): Promise<boolean> {
  return updateBrowserState((state) => {
    const before = state.siteGrants.length;
    state.siteGrants = state.siteGrants.filter((g) => !(g.sessionKey === sessionKey && g.origin === origin && g.operation === operation));
    return state.siteGrants.length < before;
  });
}

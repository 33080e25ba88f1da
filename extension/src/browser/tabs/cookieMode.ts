import type { AiTab, BrowserState } from '../state/browserState';

/**
 * Whether an AI tab sends and keeps no cookies (networkRules.ts strips them): a Sandbox tab outside
 * incognito, or one whose incognito store is shared with a window that is not the AI's (for a
 * profile tab: its profile window's store; for the others: any incognito window of the person's).
 */
export function isCookieless(tab: AiTab, state: BrowserState): boolean {
  if (tab.posture !== 'sandbox') return false;
  if (!tab.incognito) return true;
  return tab.profile !== null ? state.profileWindow?.shared !== false : state.incognitoShared;
}

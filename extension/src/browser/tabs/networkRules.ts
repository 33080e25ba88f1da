import { loadBrowserState } from '../state/browserState';
import { loopbackAllowed } from '../settings';
import { isCookieless } from './cookieMode';
import { syncEarlyConsole } from './earlyConsole';

/**
 * Session-scoped declarativeNetRequest rules that follow the AI tabs (rules with a tabIds
 * condition exist only as session rules, and they survive a worker stop):
 * - Sandbox tabs outside incognito (the person has not allowed VMark there, or a named profile
 *   holds the incognito store), and incognito ones while the person's own incognito window shares
 *   that store, send no cookies and store none.
 * - Every AI tab, for every request (redirects and subresources too), is kept off private,
 *   link-local and metadata addresses, and off loopback unless allowed. urlPolicy.ts refuses
 *   the AI's own URLs with a readable token; this rule catches what the page does next.
 * - Every AI tab is kept off names that have answered from such an address.
 */
const SANDBOX_COOKIES_RULE_ID = 1;
const PRIVATE_ADDRESS_RULE_ID = 2;
/** Names that answered from a refused address (navigation/answeringAddress.ts). */
const ANSWERED_FROM_REFUSED_RULE_ID = 100;

const allResourceTypes = (): chrome.declarativeNetRequest.ResourceType[] =>
  Object.values(chrome.declarativeNetRequest.ResourceType) as chrome.declarativeNetRequest.ResourceType[];

// One regex rule per host pattern: RE2 programs over 2 KB are refused, and one rule for all of
// them is over.
const PRIVATE_HOSTS = [
  '10\\.[0-9]+\\.[0-9]+\\.[0-9]+',
  '172\\.(1[6-9]|2[0-9]|3[01])\\.[0-9]+\\.[0-9]+',
  '192\\.168\\.[0-9]+\\.[0-9]+',
  '169\\.254\\.[0-9]+\\.[0-9]+',
  '100\\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\\.[0-9]+\\.[0-9]+',
  '0\\.[0-9]+\\.[0-9]+\\.[0-9]+',
  '\\[(f[cd]|fe[89ab])[0-9a-f]*:[^\\]]*\\]',
  '\\[::(ffff:[^\\]]*)?\\]',
  '[^/:@]*\\.(internal|local|home\\.arpa)',
  'metadata',
];
const LOOPBACK_HOSTS = ['127\\.[0-9]+\\.[0-9]+\\.[0-9]+', '([^/:@]*\\.)?localhost', '\\[::1\\]'];

export function blockedHostRegexes(allowLoopback: boolean): string[] {
  const hosts = allowLoopback ? PRIVATE_HOSTS : [...PRIVATE_HOSTS, ...LOOPBACK_HOSTS];
  return hosts.map((host) => `^[a-z]+://([^/@]*@)?${host}\\.?(:[0-9]+)?([/?#]|$)`);
}

const MAX_BLOCK_RULES = PRIVATE_HOSTS.length + LOOPBACK_HOSTS.length;
const blockRuleIds = Array.from({ length: MAX_BLOCK_RULES }, (_, i) => PRIVATE_ADDRESS_RULE_ID + i);

let queue: Promise<unknown> = Promise.resolve();

/**
 * Rewrites the rules (and the early console scripts, which follow the same AI tabs) from the stored
 * AI tabs; call after any change to them or to the settings.
 */
export function syncNetworkRules(): Promise<void> {
  const run = queue.then(async () => {
    const state = await loadBrowserState();
    const tabs = Object.values(state.aiTabs);
    const sandboxTabIds = tabs.filter((t) => isCookieless(t, state)).map((t) => t.chromeTabId);
    const allTabIds = tabs.map((t) => t.chromeTabId);
    const addRules: chrome.declarativeNetRequest.Rule[] = [];
    if (sandboxTabIds.length > 0) {
      addRules.push({
        id: SANDBOX_COOKIES_RULE_ID,
        priority: 1,
        action: {
          type: chrome.declarativeNetRequest.RuleActionType.MODIFY_HEADERS,
          requestHeaders: [{ header: 'cookie', operation: chrome.declarativeNetRequest.HeaderOperation.REMOVE }],
          responseHeaders: [{ header: 'set-cookie', operation: chrome.declarativeNetRequest.HeaderOperation.REMOVE }],
        },
        condition: { tabIds: sandboxTabIds, resourceTypes: allResourceTypes() },
      });
    }
    const allowLoopback = await loopbackAllowed();
    const refusedNames = state.answeredFromRefused
      .filter((entry) => !(allowLoopback && entry.addressClass === 'loopback'))
      .map((entry) => entry.hostname);
    if (allTabIds.length > 0 && refusedNames.length > 0) {
      addRules.push({
        id: ANSWERED_FROM_REFUSED_RULE_ID,
        priority: 2,
        action: { type: chrome.declarativeNetRequest.RuleActionType.BLOCK },
        condition: { tabIds: allTabIds, requestDomains: refusedNames, resourceTypes: allResourceTypes() },
      });
    }
    if (allTabIds.length > 0) {
      blockedHostRegexes(allowLoopback).forEach((regexFilter, i) => {
        addRules.push({
          id: PRIVATE_ADDRESS_RULE_ID + i,
          priority: 2,
          action: { type: chrome.declarativeNetRequest.RuleActionType.BLOCK },
          condition: { tabIds: allTabIds, regexFilter, isUrlFilterCaseSensitive: false, resourceTypes: allResourceTypes() },
        });
      });
    }
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [SANDBOX_COOKIES_RULE_ID, ANSWERED_FROM_REFUSED_RULE_ID, ...blockRuleIds], addRules });
    await syncEarlyConsole(state);
  });
  queue = run.catch((error: unknown) => console.error('VMark: network rules not updated', error));
  return run;
}

import type { Principal } from '@vmark/shared';
import { redactUrl, safeTitle } from './safety/pageFacts';
import { readSettings, type Posture } from './settings';
import type { AiTab, BrowserState } from './state/browserState';
import { committedBrowserState } from './state/committedState';
import { currentPrincipal, principalFor } from './state/principals';
import { endPrincipal } from './principalLifecycle';
import { isCookieless } from './tabs/cookieMode';
import { toBrowserTabId } from './tabs/tabIds';

export type CookieStore = 'separate' | 'none' | 'profile';

function cookieStoreOf(tab: AiTab, state: Readonly<BrowserState>): CookieStore {
  if (tab.posture === 'shared') return 'profile';
  return isCookieless(tab, state) ? 'none' : 'separate';
}

/** One browser tab as session.get_state lists it (next to the seed's `windows`, which stay as they are). */
export interface BrowserTabState {
  id: string;
  kind: 'ai' | 'person';
  title: string;
  url: string;
  loading: boolean;
  /** Navigation generation of an AI tab (refs and approvals bind to it); null for a person's tab. */
  generation: number | null;
  /** Who drives it: the AI, or the person with the AI attached for one read or until the next navigation. */
  automation: 'ai' | 'attached-once' | 'attached-until-navigation';
  posture: Posture | null;
  /**
   * Which cookies an AI tab's requests carry: `separate` (the Sandbox's incognito store), `none`
   * (a Sandbox without its own store sends and keeps none), `profile` (Shared posture: the person's own
   * cookies; a wire value older than the glossary, kept so the shape stays the same).
   */
  cookieStore: CookieStore | null;
  /** The tab browser calls without tabId use. */
  current: boolean;
  active: boolean;
}

async function chromeTabs(ids: number[]): Promise<Map<number, chrome.tabs.Tab>> {
  const tabs = await Promise.all(ids.map((id) => chrome.tabs.get(id).catch(() => null)));
  return new Map(tabs.filter((t): t is chrome.tabs.Tab => t?.id !== undefined).map((t) => [t.id!, t]));
}

/** The calling AI principal's AI tabs and the person's tabs attached to it; never the person's other tabs. */
export async function listBrowserTabs(principal: Principal): Promise<BrowserTabState[]> {
  // one storage read on the usual call (the settings; the state is held in memory), no write while the principal is current
  const [settings, stored] = await Promise.all([readSettings(), committedBrowserState()]);
  if (!settings.enabled) return [];
  let state = stored;
  let aiPrincipal = currentPrincipal(stored, principal);
  if (!aiPrincipal) {
    // principalFor, not a lookup: after a worker stop the client is back under a new connection id.
    const claimed = await principalFor(principal);
    for (const key of claimed.expired) void endPrincipal(key);
    ({ aiPrincipal, state } = claimed);
  }
  const aiTabs = Object.values(state.aiTabs).filter((t) => t.principalKey === aiPrincipal.key);
  const attachments = Object.values(state.attachments).filter((a) => a.principalKey === aiPrincipal.key);
  const live = await chromeTabs([...aiTabs.map((t) => t.chromeTabId), ...attachments.map((a) => a.chromeTabId)]);
  const entries: BrowserTabState[] = [];
  for (const tab of aiTabs) {
    const chromeTab = live.get(tab.chromeTabId);
    if (!chromeTab) continue;
    entries.push({
      id: toBrowserTabId(tab.chromeTabId),
      kind: 'ai',
      title: safeTitle(chromeTab.title || tab.title),
      // the URL committed to our state (webNavigation) is current at once; the tabs API can still show the blank start page
      url: redactUrl(tab.url && tab.url !== 'about:blank' ? tab.url : (chromeTab.url ?? tab.url)),
      loading: chromeTab.status === 'loading',
      generation: tab.generation,
      automation: 'ai',
      posture: tab.posture,
      cookieStore: cookieStoreOf(tab, state),
      current: aiPrincipal.currentTabId === tab.chromeTabId,
      active: chromeTab.active,
    });
  }
  for (const attachment of attachments) {
    const chromeTab = live.get(attachment.chromeTabId);
    if (!chromeTab) continue;
    entries.push({
      id: toBrowserTabId(attachment.chromeTabId),
      kind: 'person',
      title: safeTitle(chromeTab.title),
      url: redactUrl(chromeTab.url ?? ''),
      loading: chromeTab.status === 'loading',
      generation: null,
      automation: attachment.mode === 'once' ? 'attached-once' : 'attached-until-navigation',
      posture: null,
      cookieStore: null,
      current: false,
      active: chromeTab.active,
    });
  }
  return entries;
}

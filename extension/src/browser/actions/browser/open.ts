import { browserTool, textFailure } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { checkDestination } from '../../navigation/destinationApproval';
import { navigateAiTab } from '../../navigation/navigateAiTab';
import { redactUrl } from '../../navigation/pageFacts';
import { checkResolvedAddresses } from '../../navigation/resolvedAddresses';
import { checkNavigationUrl } from '../../navigation/urlPolicy';
import { DEFAULT_NAVIGATION_TIMEOUT_MS, MAX_AI_TABS, refuse } from '../../refusals';
import { loopbackAllowed, type Posture } from '../../settings';
import { loadBrowserState, updateBrowserState, type BrowserState } from '../../state/browserState';
import { createBlankAiTab } from '../../tabs/aiWindow';
import { syncNetworkRules } from '../../tabs/networkRules';
import { addToSessionGroup } from '../../tabs/tabGroup';
import { toBrowserTabId } from '../../tabs/tabIds';

const PROFILES_UNSUPPORTED =
  'Named profiles are not available in the browser extension: Chromium gives an extension no way to create a separate persistent cookie store. Open without profile: Sandbox tabs keep their own cookies for as long as their incognito window is open.';

function countOwnTabs(state: BrowserState, sessionKey: string): number {
  return Object.values(state.aiTabs).filter((t) => t.sessionKey === sessionKey).length;
}

const tabLimit = () => refuse('TAB_LIMIT', `${MAX_AI_TABS} AI tabs are open; close one with browser.close first`, { limit: MAX_AI_TABS });

/** Registers a blank tab as this session's AI tab, unless the session reached the limit meanwhile. */
function registerAiTab(sessionKey: string, blank: chrome.tabs.Tab, posture: Posture): Promise<boolean> {
  return updateBrowserState((state) => {
    if (countOwnTabs(state, sessionKey) >= MAX_AI_TABS) return false;
    const chromeTabId = blank.id!;
    state.aiTabs[String(chromeTabId)] = {
      chromeTabId,
      sessionKey,
      windowId: blank.windowId,
      posture,
      incognito: blank.incognito,
      generation: 0,
      refFloor: 0,
      url: 'about:blank',
      origin: null,
      title: '',
      approvedOrigin: null,
      tickets: [],
    };
    const session = state.sessions[sessionKey];
    if (session) session.currentTabId = chromeTabId;
    return true;
  });
}

/**
 * A new AI tab under the current posture: created blank, registered, covered by its network rules
 * and grouped before its first request; then the ticketed navigation (Shared profile: after the
 * person's destination approval, else the tab stays and data.retry says to navigate it).
 */
export const open = defineBrowserAction(browserTool, 'open', {
  needs: 'none',
  async run(ctx, args) {
    if (args.profile !== undefined) return textFailure(PROFILES_UNSUPPORTED);
    const allowLoopback = await loopbackAllowed(ctx.settings);
    const verdict = checkNavigationUrl(args.url, { allowLoopback });
    if (!verdict.ok) return refuse(verdict.token, verdict.message, { url: redactUrl(args.url) });
    const resolved = await checkResolvedAddresses(verdict.url, { allowLoopback });
    if (!resolved.ok) return refuse(resolved.token, resolved.message, { url: redactUrl(args.url) });
    if (countOwnTabs(await loadBrowserState(), ctx.session.key) >= MAX_AI_TABS) return tabLimit();

    const posture = ctx.settings.posture;
    const blank = await createBlankAiTab(posture);
    const chromeTabId = blank.id!;
    if (!(await registerAiTab(ctx.session.key, blank, posture))) {
      await chrome.tabs.remove(chromeTabId).catch(() => undefined);
      return tabLimit();
    }
    await syncNetworkRules();
    await addToSessionGroup(ctx.session, chromeTabId, blank.windowId).catch((error: unknown) => console.warn('VMark: tab group', error));

    if (posture === 'shared') {
      const pending = await checkDestination(ctx.session, chromeTabId, verdict.url);
      if (pending) return pending;
    }
    const outcome = await navigateAiTab(ctx.session.key, chromeTabId, verdict.url, args.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS);
    if (outcome.kind === 'refusal') outcome.refusal.data = { tabId: toBrowserTabId(chromeTabId), ...outcome.refusal.data };
    return outcome;
  },
});

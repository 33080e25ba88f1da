import { browserTool, type CallOutcome } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { checkDestination } from '../../navigation/destinationApproval';
import { navigateAiTab } from '../../navigation/navigateAiTab';
import { redactUrl } from '../../safety/pageFacts';
import { checkResolvedAddresses } from '../../navigation/resolvedAddresses';
import { checkNavigationUrl } from '../../safety/urlPolicy';
import { checkProfileApproval } from '../../profiles/profileApproval';
import { openingProfile, profileStoreTaken, type OpeningProfile } from '../../profiles/profileWindow';
import { DEFAULT_NAVIGATION_TIMEOUT_MS, MAX_AI_TABS, refuse } from '../../refusals';
import { loopbackAllowed, type Posture } from '../../settings';
import { loadBrowserState, updateBrowserState, type BrowserState } from '../../state/browserState';
import { createBlankAiTab } from '../../profiles/aiWindow';
import { syncNetworkRules } from '../../tabs/networkRules';
import { addToPrincipalGroup } from '../../tabs/tabGroup';
import { toBrowserTabId } from '../../tabs/tabIds';

function countOwnTabs(state: BrowserState, principalKey: string): number {
  return Object.values(state.aiTabs).filter((t) => t.principalKey === principalKey).length;
}

/** Why profile `name` cannot be opened now (before its approval is asked for or spent), or null. */
async function profileRefusal(posture: Posture, name: string): Promise<CallOutcome | null> {
  if (posture !== 'sandbox') {
    return refuse('PROFILE_UNAVAILABLE', 'Named profiles belong to the Sandbox posture; the user has chosen Shared profile, where AI tabs use their own sign-ins', { profile: name });
  }
  if (!(await chrome.extension.isAllowedIncognitoAccess())) {
    return refuse('PROFILE_UNAVAILABLE', 'Named profiles need VMark allowed in incognito (a cookie store apart from the user\'s); ask the user to switch on "Allow in Incognito" for VMark', { profile: name });
  }
  const taken = await profileStoreTaken(name);
  return taken ? refuse('PROFILE_IN_USE', `The profile "${name}" cannot be opened now: ${taken}`, { profile: name }) : null;
}

const tabLimit = () => refuse('TAB_LIMIT', `${MAX_AI_TABS} AI tabs are open; close one with browser.close first`, { limit: MAX_AI_TABS });

/** Registers a blank tab as this AI principal's AI tab, unless the principal reached the limit meanwhile. */
function registerAiTab(principalKey: string, blank: chrome.tabs.Tab, posture: Posture, profile: string | null): Promise<boolean> {
  return updateBrowserState((state) => {
    if (countOwnTabs(state, principalKey) >= MAX_AI_TABS) return false;
    const chromeTabId = blank.id!;
    state.aiTabs[String(chromeTabId)] = {
      chromeTabId,
      principalKey,
      windowId: blank.windowId,
      posture,
      incognito: blank.incognito,
      profile,
      generation: 0,
      refFloor: 0,
      url: 'about:blank',
      origin: null,
      title: '',
      approvedOrigin: null,
      tickets: [],
    };
    const aiPrincipal = state.principals[principalKey];
    if (aiPrincipal) aiPrincipal.currentTabId = chromeTabId;
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
    const allowLoopback = await loopbackAllowed(ctx.settings);
    const verdict = checkNavigationUrl(args.url, { allowLoopback });
    if (!verdict.ok) return refuse(verdict.token, verdict.message, { url: redactUrl(args.url) });
    const resolved = await checkResolvedAddresses(verdict.url, { allowLoopback });
    if (!resolved.ok) return refuse(resolved.token, resolved.message, { url: redactUrl(args.url) });
    if (countOwnTabs(await loadBrowserState(), ctx.aiPrincipal.key) >= MAX_AI_TABS) return tabLimit();

    const posture = ctx.settings.posture;
    const profile = args.profile ?? null;
    let opening: OpeningProfile | null = null;
    if (profile !== null) {
      const refusal = await profileRefusal(posture, profile);
      if (refusal) return refusal;
      const kept = await openingProfile(profile);
      if ('kind' in kept) return kept;
      const pending = await checkProfileApproval(ctx.aiPrincipal, profile, verdict.url);
      if (pending) return pending;
      opening = kept;
    }
    const blank = await createBlankAiTab(posture, opening);
    const chromeTabId = blank.id!;
    if (!(await registerAiTab(ctx.aiPrincipal.key, blank, posture, profile))) {
      await chrome.tabs.remove(chromeTabId).catch(() => undefined);
      return tabLimit();
    }
    await syncNetworkRules();
    await addToPrincipalGroup(ctx.aiPrincipal, chromeTabId, blank.windowId).catch((error: unknown) => console.warn('VMark: tab group', error));

    if (posture === 'shared') {
      const pending = await checkDestination(ctx.aiPrincipal, chromeTabId, verdict.url);
      if (pending) return pending;
    }
    const outcome = await navigateAiTab(ctx.aiPrincipal.key, chromeTabId, verdict.url, args.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS);
    if (outcome.kind === 'refusal') outcome.refusal.data = { tabId: toBrowserTabId(chromeTabId), ...outcome.refusal.data };
    return outcome;
  },
});

import type { CallOutcome } from '@vmark/shared';
import { requestApproval } from '../approvals/prompts';
import { refuse } from '../refusals';
import { loadBrowserState, updateBrowserState, type AiPrincipal } from '../state/browserState';
import { toBrowserTabId } from '../tabs/tabIds';
import { redactUrl } from '../safety/pageFacts';

/**
 * Shared profile: an AI tab carries the person's cookies, so every new origin needs their
 * approval, unless a navigate grant covers it or the tab is already there. Returns null when the
 * navigation may go ahead (spending a one-time approval), else the refusal.
 */
export async function checkDestination(aiPrincipal: AiPrincipal, chromeTabId: number, url: URL): Promise<CallOutcome | null> {
  const origin = url.origin;
  const allowed = await updateBrowserState((state) => {
    const tab = state.aiTabs[String(chromeTabId)];
    if (tab?.approvedOrigin === origin || state.principals[aiPrincipal.key]?.navigateGrants.includes(origin)) return true;
    const once = state.navigateOnce.findIndex((o) => o.principalKey === aiPrincipal.key && o.chromeTabId === chromeTabId && o.origin === origin);
    if (once === -1) return false;
    state.navigateOnce.splice(once, 1);
    return true;
  });
  if (allowed) return null;
  const tab = (await loadBrowserState()).aiTabs[String(chromeTabId)];
  await requestApproval({ kind: 'navigate', aiPrincipal, chromeTabId, url: redactUrl(url.href), origin, pageTitle: tab?.title ?? '' });
  const tabId = toBrowserTabId(chromeTabId);
  return refuse('NOT_GRANTED', `Opening ${origin} with the user's cookies (Shared profile) needs their approval. A prompt is open in the browser; once they allow it, retry browser.navigate on tab ${tabId} with the same url`, {
    tabId,
    origin,
    needsApproval: true,
    approval: 'navigate',
    retry: { tool: 'browser', action: 'navigate', tabId },
  });
}

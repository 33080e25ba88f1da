import type { CallOutcome } from '@vmark/shared';
import { updateBrowserState } from '../state/browserState';
import { redactUrl } from '../safety/pageFacts';
import { issueTicket } from './tickets';
import { awaitTicket } from './ticketWaiter';
import { ticketOutcome } from './ticketOutcome';

/** Starts a ticketed navigation of an AI tab, brings the tab to the front of its window, and waits for the load. */
export async function navigateAiTab(principalKey: string, chromeTabId: number, url: URL, timeoutMs: number): Promise<CallOutcome> {
  const ticket = await updateBrowserState((state) => {
    const tab = state.aiTabs[String(chromeTabId)]!;
    tab.approvedOrigin = url.origin;
    const aiPrincipal = state.principals[principalKey];
    if (aiPrincipal) aiPrincipal.currentTabId = chromeTabId;
    return issueTicket(state, tab, redactUrl(url.href));
  });
  await chrome.tabs.update(chromeTabId, { url: url.href, active: true });
  return ticketOutcome(chromeTabId, await awaitTicket(chromeTabId, ticket.navigationId, timeoutMs), timeoutMs);
}

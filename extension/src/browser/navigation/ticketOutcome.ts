import { ok, textFailure, type CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import { toBrowserTabId } from '../tabs/tabIds';
import type { TicketWait } from './ticketWaiter';

/** A ticket as the AI sees it: the buffered load/error result, or the refusal that says why not. */
export function ticketOutcome(chromeTabId: number, waited: TicketWait, timeoutMs: number): CallOutcome {
  const tabId = toBrowserTabId(chromeTabId);
  switch (waited.kind) {
    case 'tab-gone':
      return refuse('TAB_NOT_FOUND', `Tab ${tabId} was closed`, { tabId });
    case 'unknown-ticket':
      return textFailure(`Tab ${tabId} has no such navigationId; omit navigationId to wait for its newest navigation.`);
    case 'timeout':
      return refuse('TIMEOUT', `The navigation did not finish loading within ${timeoutMs} ms; browser_read.wait with this navigationId fetches its outcome`, {
        tabId,
        navigationId: waited.ticket.navigationId,
        url: waited.ticket.requestedUrl,
      });
    case 'done': {
      const { ticket } = waited;
      if (ticket.state === 'superseded') {
        return refuse('NAVIGATION_SUPERSEDED', 'A newer navigation replaced this one; wait for the newest ticket or read the page', {
          tabId,
          navigationId: ticket.navigationId,
          supersededBy: ticket.supersededBy,
        });
      }
      const result = ticket.result!;
      return ok({
        tabId,
        navigationId: ticket.navigationId,
        outcome: result.outcome,
        url: result.url,
        title: result.title,
        generation: result.generation,
        ...(result.error ? { error: result.error } : {}),
        ...(result.gate ? { gate: result.gate } : {}),
        untrusted: true,
      });
    }
  }
}

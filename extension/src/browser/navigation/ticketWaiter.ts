import { loadBrowserState, onBrowserStateChange, type AiTab, type Ticket } from '../state/browserState';
import { findTicket } from './tickets';

export type TicketWait =
  | { kind: 'done'; ticket: Ticket; tab: AiTab }
  | { kind: 'timeout'; ticket: Ticket; tab: AiTab }
  | { kind: 'tab-gone' }
  | { kind: 'unknown-ticket' };

let version = 0;
const wakers = new Set<() => void>();
onBrowserStateChange(() => {
  version++;
  for (const wake of wakers) wake();
  wakers.clear();
});

/** Resolves on the first state change after `seen`, or after `ms`. */
function changeAfter(seen: number, ms: number): Promise<void> {
  if (version !== seen) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      wakers.delete(wake);
      resolve();
    }, ms);
    const wake = (): void => {
      clearTimeout(timer);
      resolve();
    };
    wakers.add(wake);
  });
}

/** Watches a ticket until it settles, is superseded, or the time is up. Never starts anything. */
export async function awaitTicket(chromeTabId: number, navigationId: string | undefined, timeoutMs: number): Promise<TicketWait> {
  const deadline = Date.now() + timeoutMs;
  let watched = navigationId;
  for (;;) {
    const seen = version;
    const tab = (await loadBrowserState()).aiTabs[String(chromeTabId)];
    if (!tab) return { kind: 'tab-gone' };
    const ticket = findTicket(tab, watched);
    if (!ticket) return { kind: 'unknown-ticket' };
    watched = ticket.navigationId;
    if (ticket.state === 'settled' || ticket.state === 'superseded') return { kind: 'done', ticket, tab };
    const left = deadline - Date.now();
    if (left <= 0) return { kind: 'timeout', ticket, tab };
    await changeAfter(seen, left);
  }
}

import type { AiTab, BrowserState, Ticket } from '../state/browserState';

/** Settled tickets kept per tab, so a late browser_read.wait still finds its result. */
const MAX_TICKETS_PER_TAB = 8;

/** A new ticket for an AI-started navigation; the tab's unfinished tickets are superseded by it. */
export function issueTicket(state: BrowserState, tab: AiTab, requestedUrl: string): Ticket {
  const navigationId = `nav-${state.nextId++}`;
  for (const ticket of tab.tickets) {
    if (ticket.state === 'pending' || ticket.state === 'committed') {
      ticket.state = 'superseded';
      ticket.supersededBy = navigationId;
    }
  }
  const ticket: Ticket = { navigationId, requestedUrl, state: 'pending', startedAt: Date.now() };
  tab.tickets = [...tab.tickets, ticket].slice(-MAX_TICKETS_PER_TAB);
  return ticket;
}

/** The ticket a navigation event belongs to: the newest one that is still running. */
export function runningTicket(tab: AiTab): Ticket | undefined {
  const newest = tab.tickets.at(-1);
  return newest && (newest.state === 'pending' || newest.state === 'committed') ? newest : undefined;
}

export function findTicket(tab: AiTab, navigationId: string | undefined): Ticket | undefined {
  return navigationId === undefined ? tab.tickets.at(-1) : tab.tickets.find((t) => t.navigationId === navigationId);
}

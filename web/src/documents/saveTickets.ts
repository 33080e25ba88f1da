/**
 * Save ordering across every window of the origin: a save takes a ticket when it is requested and
 * may write only if no later ticket has reached the same file in the meantime (seed: STALE on save).
 */
const COUNTER_KEY = 'vmark.saveTicket';
const savedKey = (fileKey: string) => `vmark.savedTicket:${fileKey}`;

export async function issueSaveTicket(): Promise<number> {
  return navigator.locks.request('vmark-save-ticket', () => {
    const next = Number(localStorage.getItem(COUNTER_KEY) ?? '0') + 1;
    localStorage.setItem(COUNTER_KEY, String(next));
    return next;
  });
}

export function lastSavedTicket(fileKey: string): number {
  return Number(localStorage.getItem(savedKey(fileKey)) ?? '0');
}

export function recordSavedTicket(fileKey: string, ticket: number): void {
  if (ticket > lastSavedTicket(fileKey)) localStorage.setItem(savedKey(fileKey), String(ticket));
}

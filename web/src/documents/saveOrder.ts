/**
 * Save ordering across every window of the origin: a save takes a place when it is requested and
 * may write only if no later place has reached the same file in the meantime (seed: STALE on save).
 */
// the stored names keep the old word "ticket": renaming them would restart the count under places already saved
const COUNTER_KEY = 'vmark.saveTicket';
const savedKey = (fileKey: string) => `vmark.savedTicket:${fileKey}`;

export async function takeSavePlace(): Promise<number> {
  return navigator.locks.request('vmark-save-ticket', () => {
    const next = Number(localStorage.getItem(COUNTER_KEY) ?? '0') + 1;
    localStorage.setItem(COUNTER_KEY, String(next));
    return next;
  });
}

export function lastSavedPlace(fileKey: string): number {
  return Number(localStorage.getItem(savedKey(fileKey)) ?? '0');
}

export function recordSavedPlace(fileKey: string, place: number): void {
  if (place > lastSavedPlace(fileKey)) localStorage.setItem(savedKey(fileKey), String(place));
}

import { entryOrder, type Entry } from '../ledger/entries';

/**
 * vmark.md §8.2: readers dedupe by idem keeping the smallest `(time, id)`. The index applies the
 * first copy it sees; these settle whether that was the right one.
 */

/** The order key of an applied entry, kept for entries applied after the index was first built. */
export type OrderKey = Pick<Entry, 'time' | 'id'>;

/** One entry per idem: the smallest `(time, id)`. */
export function smallestPerIdem<E extends Entry>(entries: readonly E[]): E[] {
  const best = new Map<string, E>();
  for (const entry of entries) {
    const held = best.get(entry.idem);
    if (!held || entryOrder(entry, held) < 0) best.set(entry.idem, entry);
  }
  return [...best.values()];
}

/**
 * Whether every repeated copy in `batch` (`skipped`: those the index refused as already applied) is
 * no smaller than the copy the index holds: the one applied earlier in the batch, else the one
 * `earlier` remembers. A copy the index holds but nobody remembers cannot be compared: false.
 */
export function heldCopiesWin(batch: readonly Entry[], skipped: readonly Entry[], earlier: ReadonlyMap<string, OrderKey>): boolean {
  const refused = new Set(skipped);
  const repeated = new Set(skipped.map((entry) => entry.idem));
  const held = new Map<string, OrderKey | undefined>();
  for (const entry of batch) {
    if (!repeated.has(entry.idem) || held.has(entry.idem)) continue;
    held.set(entry.idem, refused.has(entry) ? earlier.get(entry.idem) : entry);
  }
  return skipped.every((entry) => {
    const winner = held.get(entry.idem);
    return winner !== undefined && entryOrder(winner as Entry, entry) <= 0;
  });
}

/**
 * Runs `use` on every item in order, with `start` (a read, say) begun for up to `width` items
 * ahead of the one in use: the reads overlap one another and the work on earlier results, while
 * the results are handed over in order and at most `width` are held at once. `start` may answer
 * null for an item that needs nothing started. A failed `start` throws when its item's turn comes.
 */
export async function forEachAhead<T, R>(
  items: readonly T[],
  width: number,
  start: (item: T) => Promise<R> | null,
  use: (item: T, result: R | null) => Promise<void> | void,
): Promise<void> {
  const started: (Promise<R> | null | undefined)[] = new Array(items.length);
  let launched = 0;
  for (let i = 0; i < items.length; i++) {
    for (; launched < Math.min(items.length, i + Math.max(1, width)); launched++) {
      const pending = start(items[launched] as T);
      // handled here so a failure ahead of its turn is not an unhandled rejection; awaited below it still throws
      pending?.catch(() => undefined);
      started[launched] = pending;
    }
    const pending = started[i];
    started[i] = undefined;
    await use(items[i] as T, pending ? await pending : null);
  }
}

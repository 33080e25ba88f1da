/**
 * The first index in [0, count) for which `before` is false, where `before` holds for a prefix of
 * the indices and not after it (a binary search); `count` when it holds for all.
 */
export function partitionPoint(count: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

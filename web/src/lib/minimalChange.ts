/** The single replacement that turns `before` into `after`: common prefix and suffix stay untouched. */
export function minimalChange(before: string, after: string): { from: number; to: number; insert: string } {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  // never split a surrogate pair at either edge
  if (start > 0 && /[\uD800-\uDBFF]/.test(before[start - 1] ?? '')) start--;
  if (endBefore < before.length && /[\uDC00-\uDFFF]/.test(before[endBefore] ?? '')) {
    endBefore++;
    endAfter++;
  }
  return { from: start, to: endBefore, insert: after.slice(start, endAfter) };
}

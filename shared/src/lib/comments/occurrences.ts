/** Start offsets of `needle` in `text`, at most `limit` of them, nearest to `hint` first. */
export function occurrences(text: string, needle: string, hint: number, limit: number): number[] {
  if (needle.length === 0) return [];
  const found: number[] = [];
  // collect a few times the limit, then keep the ones nearest the hint
  for (let at = text.indexOf(needle); at >= 0 && found.length < limit * 4; at = text.indexOf(needle, at + 1)) found.push(at);
  return found.sort((a, b) => Math.abs(a - hint) - Math.abs(b - hint)).slice(0, limit);
}

/** How many characters of `expected` end exactly at `end` in text (a prefix context matched backwards). */
export function matchBefore(text: string, end: number, expected: string): number {
  let n = 0;
  while (n < expected.length && end - 1 - n >= 0 && text.charCodeAt(end - 1 - n) === expected.charCodeAt(expected.length - 1 - n)) n++;
  return n;
}

/** How many characters of `expected` start exactly at `start` in text (a suffix context matched forwards). */
export function matchAfter(text: string, start: number, expected: string): number {
  let n = 0;
  while (n < expected.length && start + n < text.length && text.charCodeAt(start + n) === expected.charCodeAt(n)) n++;
  return n;
}

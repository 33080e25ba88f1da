function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/**
 * Dice coefficient over character bigrams, 0 (nothing shared) to 1 (same multiset of bigrams).
 * Linear in the lengths, so many candidate regions can be compared with a long quote.
 */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const left = bigrams(a);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const pair = b.slice(i, i + 2);
    const count = left.get(pair) ?? 0;
    if (count > 0) {
      shared++;
      left.set(pair, count - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

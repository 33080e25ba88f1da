import { timingSafeEqual } from 'node:crypto';

/** Compares a given token with the expected one in constant time (a different length is simply not equal). */
export function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

import { describe, expect, it } from 'vitest';
import { splicedText } from './splicedText';

describe('splicedText', () => {
  const before = 'first line\nsecond line';
  const change = { from: 10, to: 10, insert: 'x' };
  // a marker the splice itself could never produce shows whether the caller's text was taken
  const known = (overrides: Partial<{ before: string; from: number; to: number; insert: string }> = {}) => ({
    before: overrides.before ?? before,
    change: { from: overrides.from ?? 10, to: overrides.to ?? 10, insert: overrides.insert ?? 'x' },
    after: 'CALLER',
  });

  it('selection.set: takes the caller’s text after when it made the same change to the same text', () => {
    expect(splicedText(before, change, known())).toBe('CALLER');
  });

  it('selection.set: splices itself when the selection moved, the insert differs or the text before differs', () => {
    const own = 'first linex\nsecond line';
    expect(splicedText(before, change)).toBe(own);
    expect(splicedText(before, change, known({ from: 5, to: 5 }))).toBe(own);
    expect(splicedText(before, change, known({ to: 11 }))).toBe(own);
    expect(splicedText(before, change, known({ insert: 'y' }))).toBe(own);
    expect(splicedText(before, change, known({ before: 'first line\nsecond lin' }))).toBe(own);
  });
});

import { describe, expect, it } from 'vitest';
import { minimalChange } from './minimalChange';

const apply = (text: string, c: { from: number; to: number; insert: string }) => text.slice(0, c.from) + c.insert + text.slice(c.to);

describe('minimalChange', () => {
  it('touches only the differing middle', () => {
    expect(minimalChange('hello world', 'hello brave world')).toEqual({ from: 6, to: 6, insert: 'brave ' });
    expect(minimalChange('abc', 'abc')).toEqual({ from: 3, to: 3, insert: '' });
  });
  it('always rebuilds the new text, also around surrogate pairs', () => {
    const cases: [string, string][] = [['😀a', '😁a'], ['a😀', 'a😁'], ['', 'x'], ['xyz', ''], ['aaaa', 'aa'], ['ab😀cd', 'ab😀😀cd']];
    for (const [before, after] of cases) expect(apply(before, minimalChange(before, after))).toBe(after);
  });
  it('finds the same change in documents longer than its comparison blocks', () => {
    const base = 'Lorem ipsum — 中文 😀 dolor.\n'.repeat(2_000);
    const edits: [number, number, string][] = [[0, 0, 'x'], [4095, 4097, ''], [8192, 8192, '😀'], [base.length - 1, base.length, 'END'], [20_000, 30_000, 'mid']];
    for (const [from, to, insert] of edits) {
      const after = base.slice(0, from) + insert + base.slice(to);
      const change = minimalChange(base, after);
      expect(apply(base, change)).toBe(after);
      expect(change.to - change.from).toBeLessThanOrEqual(to - from + 2);
    }
    expect(minimalChange(base, base)).toEqual({ from: base.length, to: base.length, insert: '' });
  });
});

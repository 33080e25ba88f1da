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
});

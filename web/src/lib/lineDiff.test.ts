import { describe, expect, it } from 'vitest';
import { lineDiff } from './lineDiff';

describe('lineDiff', () => {
  it('marks changed lines and keeps the rest', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });
  it('rebuilds both sides exactly', () => {
    const before = 'x\ny\nz\ny';
    const after = 'y\nz\nq\nx';
    const diff = lineDiff(before, after);
    expect(diff.filter((d) => d.kind !== 'added').map((d) => d.text).join('\n')).toBe(before);
    expect(diff.filter((d) => d.kind !== 'removed').map((d) => d.text).join('\n')).toBe(after);
  });
});

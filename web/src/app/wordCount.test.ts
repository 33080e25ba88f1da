import { describe, expect, it } from 'vitest';
import { wordCount } from './wordCount';
import { headingsOf } from './OutlinePanel';

describe('status bar and outline helpers', () => {
  it('counts Latin words and CJK characters', () => {
    expect(wordCount('Hello, world! It’s 2026.')).toBe(4);
    expect(wordCount('中文测试 and English')).toBe(6);
    expect(wordCount('')).toBe(0);
  });
  it('finds ATX and setext headings, not those in code', () => {
    const md = '# One\n\ntext\n\nTwo\n---\n\n```\n# not\n```\n### Three ###\n';
    expect(headingsOf(md).map((h) => [h.level, h.text])).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ]);
  });
});

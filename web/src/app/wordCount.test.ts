import { describe, expect, it } from 'vitest';
import { wordCount } from './wordCount';
import { headingsOf } from './OutlinePanel';

describe('status bar and outline helpers', () => {
  it('counts Latin words and CJK characters', () => {
    expect(wordCount('Hello, world! It’s 2026.')).toBe(4);
    expect(wordCount('中文测试 and English')).toBe(6);
    expect(wordCount('')).toBe(0);
  });
  it('counts as the regex definition does on any text (letters of every script, surrogate pairs, lone surrogates, joiners)', () => {
    const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;
    const byRegex = (text: string) => (text.match(CJK)?.length ?? 0) + (text.replace(CJK, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0);
    const pieces = ['a', 'Z', '7', ' ', '\n', "'", '’', '_', '-', '.', 'é', 'ß', 'Ж', '٣', '\u0301', '中', 'カ', '한', '豈', '😀', '𝐀', '\ud835', '\udc00', '\u00a0', '#', '*'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(wordCount(text), JSON.stringify(text)).toBe(byRegex(text));
    }
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

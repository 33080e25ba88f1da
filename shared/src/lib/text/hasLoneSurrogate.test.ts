import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate } from './hasLoneSurrogate';

describe('hasLoneSurrogate', () => {
  it('DOC-WRITE-26 finds a lone high or low surrogate anywhere', () => {
    expect(hasLoneSurrogate('a\uD800b')).toBe(true);
    expect(hasLoneSurrogate('a\uDC00')).toBe(true);
    expect(hasLoneSurrogate('\uD800')).toBe(true);
    expect(hasLoneSurrogate('\uDE00\uD83D')).toBe(true);
  });
  it('accepts proper pairs and plain text', () => {
    expect(hasLoneSurrogate('😀 中文 plain')).toBe(false);
    expect(hasLoneSurrogate('')).toBe(false);
  });
});

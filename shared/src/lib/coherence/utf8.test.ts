import { describe, expect, it } from 'vitest';
import { utf8Bytes, utf8Line } from './utf8';

describe('utf8Line: a ledger line out of a file\'s bytes (issue 14)', () => {
  const line = (text: string, before = 'x\n', after = '\ny') => {
    const bytes = utf8Bytes(`${before}${text}${after}`);
    const start = utf8Bytes(before).length;
    return utf8Line(bytes, start, start + utf8Bytes(text).length);
  };

  it('reads short and long lines, ASCII or not, to exactly their text', () => {
    for (const length of [0, 1, 36, 95, 96, 97, 300, 20_000]) {
      const ascii = 'a{"b":1}-'.repeat(length).slice(0, length);
      expect(line(ascii)).toBe(ascii);
      const wide = [...'é€😀'.repeat(length)].slice(0, length).join('');
      expect(line(wide)).toBe(wide);
    }
  });

  it('keeps a byte-order mark as a character, short line or long', () => {
    expect(line('\uFEFF{}', '')).toBe('\uFEFF{}');
    expect(line(`\uFEFF${'{}'.repeat(100)}`, '')).toBe(`\uFEFF${'{}'.repeat(100)}`);
  });
});

import { describe, expect, it } from 'vitest';
import { asciiText, utf8Bytes, utf8Line } from './utf8';

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

describe('asciiText: a printable ASCII value of a ledger line (issue 14)', () => {
  it('reads values of every length, through the reused lists and past them, each to exactly its bytes', () => {
    const bytes = utf8Bytes(Array.from({ length: 700 }, (_, i) => String.fromCharCode(0x20 + ((i * 37) % 95))).join(''));
    for (let length = 0; length <= 600; length += length < 300 ? 1 : 50) {
      for (const start of [0, 3, 91]) {
        const expected = String.fromCharCode(...bytes.subarray(start, start + length));
        expect(asciiText(bytes, start, start + length)).toBe(expected);
      }
    }
  });

  it('gives each value its own text: a later value of the same length does not change an earlier one', () => {
    const first = asciiText(utf8Bytes('01a23f46-d826-7000-9d82-d0e95d6879aa'), 0, 36);
    const second = asciiText(utf8Bytes('ffffffff-ffff-7fff-bfff-ffffffffffff'), 0, 36);
    expect(first).toBe('01a23f46-d826-7000-9d82-d0e95d6879aa');
    expect(second).toBe('ffffffff-ffff-7fff-bfff-ffffffffffff');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Bytes, utf8Text } from '../utf8';
import { readLinePieces } from './linePieces';

/** A positional read over bytes that returns at most `most` bytes a call (a file read may return fewer than asked). */
const readsOf =
  (bytes: Uint8Array, most: number) =>
  (into: Uint8Array, at: number, position: number, length: number): number => {
    const got = bytes.subarray(position, position + Math.min(length, most));
    into.set(got, at);
    return got.length;
  };

describe('a ledger segment read in pieces of whole lines', () => {
  it('hands on every whole line once, in order, each piece ending with a newline; a torn last line is left; lines longer than a piece and UTF-8 across a read boundary survive', async () => {
    const line = fc.array(fc.constantFrom('a', '{', '"', 'é', '–', '😀', ' ', 'x'), { maxLength: 40 }).map((chars) => chars.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), line, fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 7 }), fc.nat(8), async (lines, torn, piece, most, from) => {
        const whole = lines.map((l) => `${l}\n`).join('');
        const bytes = utf8Bytes(whole + torn.replace(/\n/g, ''));
        const start = Math.min(from, utf8Bytes(whole).length);
        // start only at a line's beginning, as the ledger does
        const at = start === 0 ? 0 : utf8Bytes(whole).lastIndexOf(0x0a, start - 1) + 1;
        const pieces: string[] = [];
        const handed = await readLinePieces(readsOf(bytes, most), utf8Text, { from: at, to: bytes.length }, (text) => pieces.push(text), piece);
        const expected = utf8Text(utf8Bytes(whole).subarray(at));
        expect(pieces.join('')).toBe(expected);
        expect(handed).toBe(utf8Bytes(expected).length);
        for (const text of pieces) expect(text.endsWith('\n')).toBe(true);
      }),
    );
  });

  it('stops at `to`, the size the reader measured, even when the file has grown since', async () => {
    const bytes = utf8Bytes('one\ntwo\nthree\n');
    const pieces: string[] = [];
    expect(await readLinePieces(readsOf(bytes, 100), utf8Text, { from: 0, to: 6 }, (text) => pieces.push(text), 4)).toBe(4);
    expect(pieces).toEqual(['one\n']);
  });
});

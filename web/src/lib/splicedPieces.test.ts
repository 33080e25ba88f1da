import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PIECES, charCodeAtPieces, piecesOf, slicePieces, splicePieces, type SplicedPieces } from './splicedPieces';

const naive = (text: string, from: number, to: number, insert: string) => text.slice(0, from) + insert + text.slice(to);

/** A change anywhere in a text of `length` characters, from random fractions. */
const change = fc.record({ a: fc.double({ min: 0, max: 1, noNaN: true }), b: fc.double({ min: 0, max: 1, noNaN: true }), insert: fc.string({ maxLength: 20, unit: 'grapheme-composite' }) });

describe('splicedPieces: a run of splices read through their pieces', () => {
  it('holds the same text as splicing the whole string, character for character, after any run of splices', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'grapheme-composite' }), fc.array(change, { maxLength: 150 }), (start, changes) => {
        let expected = start;
        let pieces: SplicedPieces = piecesOf(start);
        for (const { a, b, insert } of changes) {
          const [from, to] = [Math.floor(a * expected.length), Math.floor(b * expected.length)].sort((x, y) => x - y) as [number, number];
          expected = naive(expected, from, to, insert);
          pieces = splicePieces(pieces, { from, to, insert }) ?? splicePieces(piecesOf(pieces.text), { from, to, insert })!;
          expect(pieces.text).toBe(expected);
          expect(pieces.pieces.length).toBeLessThanOrEqual(MAX_PIECES);
          const pos = Math.floor(a * (expected.length + 2)) - 1;
          expect(charCodeAtPieces(pieces, pos)).toEqual(expected.charCodeAt(pos));
          const [s, e] = [Math.floor(a * expected.length), Math.floor(b * expected.length)].sort((x, y) => x - y) as [number, number];
          expect(slicePieces(pieces, s, e)).toBe(expected.slice(s, e));
          expect(slicePieces(pieces, e, e + 1)).toBe(expected.slice(e, e + 1));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps typing at one place in three pieces: inserts next to each other merge', () => {
    let pieces = piecesOf('first line\nsecond line\n');
    for (let i = 0; i < 500; i++) pieces = splicePieces(pieces, { from: 10 + i, to: 10 + i, insert: 'x' })!;
    expect(pieces.text).toBe(`first line${'x'.repeat(500)}\nsecond line\n`);
    expect(pieces.pieces.length).toBe(3);
  });

  it('refuses a splice past the piece limit, so the caller starts a new base', () => {
    let pieces = piecesOf('a'.repeat(1_000));
    let refused = 0;
    for (let i = 0; i < MAX_PIECES; i++) {
      const next = splicePieces(pieces, { from: i * 10, to: i * 10, insert: 'b' });
      if (next === null) refused++;
      else pieces = next;
    }
    expect(refused).toBeGreaterThan(0);
    expect(pieces.pieces.length).toBeLessThanOrEqual(MAX_PIECES);
  });
});

import { describe, expect, it } from 'vitest';
import { bestUniqueMatches, lineBag, MAX_COMPARED_PAIRS, similarity } from './similarity';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('similarity: git-style rename detection over lines (COH-EDGES-01)', () => {
  it('counts common lines as a multiset over the longer text, ignoring blank lines', () => {
    expect(similarity(lineBag(text('a', 'b', 'c', 'd')), lineBag(text('a', 'b', 'c', 'x')))).toBe(0.75);
    expect(similarity(lineBag(text('a', '', 'b')), lineBag(text('a', 'b', '', '')))).toBe(1);
    expect(similarity(lineBag(text('a', 'a', 'b')), lineBag(text('a', 'b', 'b')))).toBeCloseTo(2 / 3);
    expect(similarity(lineBag(text('a', 'b')), lineBag(text('a', 'b', 'c', 'd', 'e')))).toBe(0.4);
    expect(similarity(lineBag(''), lineBag(''))).toBe(0);
  });

  it('keeps only the unique best match both ways, at 50 % or more', () => {
    const gone = [lineBag(text('a', 'b', 'c', 'd')), lineBag(text('p', 'q', 'r', 's'))];
    const found = [lineBag(text('p', 'q', 'r', 'x')), lineBag(text('a', 'b', 'c', 'y')), lineBag(text('a', 'z', 'z', 'z'))];
    expect([...bestUniqueMatches(gone, found)].sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    // a tie for the gone text: neither file is taken
    expect(bestUniqueMatches([lineBag(text('a', 'b', 'c', 'd'))], [lineBag(text('a', 'b', 'c', 'x')), lineBag(text('a', 'b', 'c', 'y'))]).size).toBe(0);
    // a tie for the found text (two gone texts equally like it): neither
    expect(bestUniqueMatches([lineBag(text('a', 'b', 'c', 'x')), lineBag(text('a', 'b', 'c', 'y'))], [lineBag(text('a', 'b', 'c', 'd'))]).size).toBe(0);
    // below the threshold
    expect(bestUniqueMatches([lineBag(text('a', 'b', 'c', 'd'))], [lineBag(text('a', 'x', 'y', 'z'))]).size).toBe(0);
  });

  it('bounds its work: texts whose line counts rule out 50 % are not compared, and past the pair cap nothing is matched', () => {
    const short = lineBag(text('a'));
    const long = lineBag(text('a', 'b', 'c'));
    expect(bestUniqueMatches([short], [long]).size).toBe(0);
    const many = Array.from({ length: 101 }, (_, i) => lineBag(text('a', `b${i}`)));
    const few = Array.from({ length: 100 }, (_, i) => lineBag(text('a', `b${i}`)));
    expect(101 * 100).toBeGreaterThan(MAX_COMPARED_PAIRS);
    expect(bestUniqueMatches(many, few).size).toBe(0);
    expect(bestUniqueMatches(many.slice(0, 50), few.slice(0, 50)).size).toBe(50);
  });
});

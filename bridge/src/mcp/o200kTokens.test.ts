import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pieceCounter } from './o200kTokens';

const { countTokens } = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: (text: string) => number };

/** The real o200k counter, with the characters it was handed counted. */
function spiedCounter(kept?: number) {
  const handed = { calls: 0, chars: 0 };
  const counter = pieceCounter((piece) => {
    handed.calls++;
    handed.chars += piece.length;
    return countTokens(piece);
  }, kept);
  return { counter, handed };
}

/** About 350 KB of lines that are all different (repeated pieces would be counted once). */
const answer = Array.from({ length: 5_000 }, (_, i) => `Line ${i}: lorem ipsum dolor sit amet, consectetur adipiscing elit — 中文 ünïcödé.\n`).join('');

describe('o200k answer count (issue 15: count only what changed)', () => {
  it('an answer counted again tokenizes nothing, and one changed in the middle tokenizes only the pieces around the change', () => {
    const { counter, handed } = spiedCounter();
    const first = counter(answer);
    const afterFirst = handed.chars;
    expect(afterFirst).toBe(answer.length);
    expect(counter(answer)).toBe(first);
    expect(handed.chars).toBe(afterFirst);
    const edited = `${answer.slice(0, 30_000)}x${answer.slice(30_000)}`;
    const before = handed.chars;
    const count = counter(edited);
    // exact: what a fresh counter says
    expect(count).toBe(spiedCounter().counter(edited));
    expect(handed.chars - before).toBeLessThan(6_000);
  });

  it('keeps at most `kept` pieces and stays exact once older ones are dropped', () => {
    const { counter, handed } = spiedCounter(4);
    const exact = spiedCounter().counter(answer);
    expect(counter(answer)).toBe(exact);
    const afterFirst = handed.chars;
    // the kept pieces are the last four; counting again from the start tokenizes the rest once more
    expect(counter(answer)).toBe(exact);
    expect(handed.chars - afterFirst).toBeGreaterThan(answer.length / 2);
  });

  it('pieces end where o200k splits (before a space followed by a non-space), so counting in pieces equals counting the whole', () => {
    // Markdown with runs of spaces (tables, indented code), as JSON like every answer and as plain text
    const markdown = Array.from({ length: 2_000 }, (_, i) => `| ${i} | a  b   c |\n${' '.repeat(24)}code   ${i}\n- item *x* [l](http://x/${i})\n`).join('');
    for (const text of [markdown, JSON.stringify({ content: markdown, revision: 'r-1' }), JSON.stringify({ content: answer })]) {
      expect(spiedCounter().counter(text)).toBe(countTokens(text));
    }
  });
});

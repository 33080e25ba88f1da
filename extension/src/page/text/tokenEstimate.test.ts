import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { clipToEstimatedTokens, estimateNodeTokens, estimateTextTokens } from './tokenEstimate';

const SAMPLES = [
  'Chapter 5', 'cerebrovascular disease', '[252]', 'Mozilla Foundation', 'xK9mQ2pL7vR4', 'a8F3kQ9zLmW2xY7b',
  '東京都の人口は約1400万人です', 'Ünïcödé façade naïve', '😀😀😀😀', 'https://example.com/a/b?c=d', 'v t e',
  'The about:restartrequired error page, saying "Sorry. We just need to do one small thing to keep going."',
];

describe('token estimate', () => {
  it.each(SAMPLES)('does not undercount o200k for %j', (text) => {
    expect(estimateTextTokens(text)).toBeGreaterThanOrEqual(encode(text).length);
  });

  it('covers the JSON skeleton of a node', () => {
    for (const name of SAMPLES) {
      const node = { role: 'menuitemcheckbox', name, ref: 'e12345', checked: false, disabled: true };
      expect(estimateNodeTokens(node) + 1).toBeGreaterThanOrEqual(encode(`${JSON.stringify(node)},`).length);
    }
  });
});

describe('clipToEstimatedTokens', () => {
  it('keeps text within the estimate and never splits a code point', () => {
    expect(clipToEstimatedTokens('one two three', 100)).toEqual({ text: 'one two three', clipped: false });
    expect(clipToEstimatedTokens('one two three', 2)).toEqual({ text: 'one two ', clipped: true });
    expect(clipToEstimatedTokens('😀😀😀', 2)).toEqual({ text: '😀😀', clipped: true });
  });
});

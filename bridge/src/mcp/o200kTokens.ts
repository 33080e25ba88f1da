import { createRequire } from 'node:module';
import type { TokenCounter } from '@vmark/shared';

/** BPE is quadratic in the length of one word (64,000 letters take 15 s): text is counted in pieces of at most this many characters. */
const PIECE_CHARS = 2_000;
// Special-token text a page may carry (`<|endoftext|>`) is counted as plain text: the default throws on it.
const PLAIN = { disallowedSpecial: new Set<string>() };

/** Where the piece starting at `at` ends: before the last whitespace of its second half, else at the limit (never inside a surrogate pair). */
function pieceEnd(text: string, at: number): number {
  const limit = at + PIECE_CHARS;
  if (limit >= text.length) return text.length;
  for (let i = limit; i > at + PIECE_CHARS / 2; i--) if (/\s/.test(text[i]!)) return i;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/**
 * The o200k count the answer cap uses: exact wherever text has whitespace at least every 1,000
 * characters (a piece then ends where o200k's own pre-tokenizer splits: before the space).
 */
type CountTokens = (text: string, options: typeof PLAIN) => number;
let loaded: CountTokens | undefined;
/** Loaded on the first answer that needs counting: the o200k table costs ~0.7 s and ~70 MB, which most sessions never pay. */
function countTokens(text: string, options: typeof PLAIN): number {
  loaded ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }).countTokens;
  return loaded(text, options);
}

export const o200kTokens: TokenCounter = (text) => {
  let tokens = 0;
  for (let at = 0; at < text.length; ) {
    const end = pieceEnd(text, at);
    tokens += countTokens(text.slice(at, end), PLAIN);
    at = end;
  }
  return tokens;
};

import { createRequire } from 'node:module';
import type { TokenCounter } from '@vmark/shared';

/** BPE is quadratic in the length of one word (64,000 letters take 15 s): text is counted in pieces of at most this many characters. */
const PIECE_CHARS = 2_000;
// Special-token text a page may carry (`<|endoftext|>`) is counted as plain text: the default throws on it.
const PLAIN = { disallowedSpecial: new Set<string>() };

/** Characters before a space that decide whether a piece ends there. */
const CONTEXT_CHARS = 16;
const SPACE = 0x20;

/**
 * Where the piece starting at `at` ends: before a space of its second half that is followed by a
 * non-space (o200k's pre-tokenizer splits there too, so the count stays exact), the one whose
 * preceding characters come first in code-unit order (the last of equals); else at the limit (never
 * inside a surrogate pair). Chosen by content, not by position, so that after an insertion the pieces
 * that follow are the same strings as before. Every step is a native string operation (indexOf,
 * slice, compare): `vmark mcp` runs without TurboFan, where a loop over the characters cost ~20 ms
 * for a 75 KB answer. Answers are JSON, whose line breaks and tabs are escapes: spaces are its whitespace.
 */
function pieceEnd(text: string, at: number): number {
  const limit = at + PIECE_CHARS;
  if (limit >= text.length) return text.length;
  let best = -1;
  let bestContext = '';
  for (let i = text.indexOf(' ', at + PIECE_CHARS / 2 + 1); i !== -1 && i <= limit; i = text.indexOf(' ', i + 1)) {
    if (text.charCodeAt(i + 1) === SPACE) continue;
    const context = text.slice(i - CONTEXT_CHARS, i);
    if (best === -1 || context <= bestContext) [best, bestContext] = [i, context];
  }
  if (best !== -1) return best;
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

/** Pieces counted lately: ~40 make a 75 KB answer, so this keeps the last few answers (≤ 1 MB of keys). */
const PIECES_KEPT = 256;

/**
 * A counter over pieces that remembers the count of each recent piece (its text is the key): an
 * answer that repeats what an earlier one sent (a document read again, or after a small edit) costs
 * a map look-up per unchanged piece instead of BPE, and only the changed pieces are tokenized.
 */
export function pieceCounter(countPiece: (piece: string) => number, kept = PIECES_KEPT): TokenCounter {
  const counts = new Map<string, number>();
  const countOf = (piece: string): number => {
    const known = counts.get(piece);
    if (known !== undefined) {
      // most recently used last, so the oldest goes first when full
      counts.delete(piece);
      counts.set(piece, known);
      return known;
    }
    const tokens = countPiece(piece);
    if (counts.size >= kept) counts.delete(counts.keys().next().value as string);
    counts.set(piece, tokens);
    return tokens;
  };
  return (text) => {
    let tokens = 0;
    for (let at = 0; at < text.length; ) {
      const end = pieceEnd(text, at);
      tokens += countOf(text.slice(at, end));
      at = end;
    }
    return tokens;
  };
}

export const o200kTokens: TokenCounter = pieceCounter((piece) => countTokens(piece, PLAIN));

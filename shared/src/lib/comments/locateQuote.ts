import { matchAfter, matchBefore, occurrences } from './occurrences';
import { similarity } from './similarity';
import type { TextAnchor } from './types';

export interface TextRange {
  start: number;
  end: number;
}

/** Exact copies of the quote looked at; a quote more common than this is placed by context among the nearest. */
const MAX_EXACT_CANDIDATES = 500;
/** A quote this long is the same text wherever it turns up; shorter ones also need matching context. */
const SELF_EVIDENT_QUOTE_CHARS = 20;
/** Context characters that must match around a short quote before it counts as found. */
const MIN_CONTEXT_MATCH = 4;
/** A changed quote is followed when the new text is at least this similar (bigram Dice). */
export const FUZZY_MIN_SIMILARITY = 0.6;
/** Quotes shorter than this are too small to recognise once changed: exact matches only. */
const MIN_FUZZY_QUOTE_CHARS = 4;
/** Context pieces shorter than this are too common to place a quote by. */
const MIN_CONTEXT_PIECE = 4;
const MAX_PIECE_CANDIDATES = 40;

/**
 * Where the anchored text is in `text` now: an exact copy with the best matching context (nearest
 * to `hint` on ties), else a similar region found through its context or pieces of the quote; null
 * when the text is gone (the thread becomes detached).
 */
export function locateQuote(text: string, anchor: TextAnchor, hint: number): TextRange | null {
  return locateExact(text, anchor, hint) ?? locateFuzzy(text, anchor, hint);
}

export function locateExact(text: string, anchor: TextAnchor, hint: number): TextRange | null {
  const { quote } = anchor;
  let best: { start: number; score: number; distance: number } | null = null;
  for (const start of occurrences(text, quote, hint, MAX_EXACT_CANDIDATES)) {
    const score = matchBefore(text, start, anchor.prefix) + matchAfter(text, start + quote.length, anchor.suffix);
    const distance = Math.abs(start - hint);
    if (!best || score > best.score || (score === best.score && distance < best.distance)) best = { start, score, distance };
  }
  if (!best) return null;
  const contextAvailable = Math.min(MIN_CONTEXT_MATCH, anchor.prefix.length + anchor.suffix.length);
  // a short quote found somewhere with unrelated surroundings is a different passage, not ours
  if (quote.length < SELF_EVIDENT_QUOTE_CHARS && best.score < contextAvailable) return null;
  return { start: best.start, end: best.start + quote.length };
}

/** Candidate regions from the surviving context and from exact pieces of the quote, best similarity wins. */
export function locateFuzzy(text: string, anchor: TextAnchor, hint: number): TextRange | null {
  const { quote } = anchor;
  if (quote.length < MIN_FUZZY_QUOTE_CHARS) return null;
  const candidates = [...contextCandidates(text, anchor, hint), ...pieceCandidates(text, quote, hint)];
  let best: { range: TextRange; score: number } | null = null;
  for (const range of candidates) {
    const start = Math.max(0, range.start);
    const end = Math.min(text.length, range.end);
    const region = text.slice(start, end);
    if (region.trim().length === 0) continue;
    const score = similarity(region, quote);
    if (!best || score > best.score) best = { range: { start, end }, score };
  }
  return best && best.score >= FUZZY_MIN_SIMILARITY ? best.range : null;
}

/** The quote sits between its old prefix and suffix, or right after the prefix, or right before the suffix. */
function contextCandidates(text: string, anchor: TextAnchor, hint: number): TextRange[] {
  const length = anchor.quote.length;
  const maxGap = length * 2 + 16;
  const starts = anchor.prefix.length >= MIN_CONTEXT_PIECE ? occurrences(text, anchor.prefix, hint, MAX_PIECE_CANDIDATES).map((at) => at + anchor.prefix.length) : [];
  const ends = anchor.suffix.length >= MIN_CONTEXT_PIECE ? occurrences(text, anchor.suffix, hint + length, MAX_PIECE_CANDIDATES) : [];
  const ranges: TextRange[] = [];
  for (const start of starts) {
    const end = ends.filter((e) => e > start && e - start <= maxGap).sort((a, b) => a - b)[0];
    if (end !== undefined) ranges.push({ start, end });
    ranges.push({ start, end: start + length });
  }
  for (const end of ends) ranges.push({ start: end - length, end });
  return ranges;
}

/** Exact survivors of the quote's head, middle and tail each imply where the quote starts and ends. */
function pieceCandidates(text: string, quote: string, hint: number): TextRange[] {
  const size = Math.max(MIN_CONTEXT_PIECE, Math.min(32, Math.floor(quote.length / 4)));
  if (size >= quote.length) return [];
  const offsets = [0, Math.floor((quote.length - size) / 2), quote.length - size];
  const ranges: TextRange[] = [];
  const heads = occurrences(text, quote.slice(0, size), hint, MAX_PIECE_CANDIDATES);
  const tails = occurrences(text, quote.slice(-size), hint + quote.length - size, MAX_PIECE_CANDIDATES);
  for (const offset of offsets) {
    for (const at of occurrences(text, quote.slice(offset, offset + size), hint + offset, MAX_PIECE_CANDIDATES)) {
      ranges.push({ start: at - offset, end: at - offset + quote.length });
    }
  }
  // a head and a tail in order give the quote's new length too
  for (const head of heads) {
    const tail = tails.filter((t) => t > head && t + size - head <= quote.length * 2 + 16).sort((a, b) => a - b)[0];
    if (tail !== undefined) ranges.push({ start: head, end: tail + size });
  }
  return ranges;
}

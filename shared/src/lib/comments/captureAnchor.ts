import { ANCHOR_CONTEXT_CHARS } from './limits';
import type { TextAnchor } from './types';

/** The anchor of [start, end) in text: the quote and up to ANCHOR_CONTEXT_CHARS of context on each side. */
export function captureAnchor(text: string, start: number, end: number): TextAnchor {
  return {
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - ANCHOR_CONTEXT_CHARS), start),
    suffix: text.slice(end, end + ANCHOR_CONTEXT_CHARS),
    start,
  };
}

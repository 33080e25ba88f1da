import { MASK } from './maskText';

/**
 * Deleting whitespace (or changing a character next to a protected span) can change what the
 * markdown means even when every letter stays: `- / x` loses its list marker, `$ /x$` becomes
 * math, and `https://a.com . . .` absorbs the dots into the URL once they touch it. Rules ask
 * here first.
 */

const PRINTABLE_ASCII = /[!-~]/;
const LINE_MARKER_BEFORE = /(?:^|\n)[ \t]*(?:>[ \t]*)*(?:>|[-*+]|\d{1,9}[.)]|#{1,6})$/;

/** Does `offset` directly follow a list, heading or blockquote marker at the start of its line? */
export function followsLineMarker(text: string, offset: number): boolean {
  return LINE_MARKER_BEFORE.test(text.slice(Math.max(0, offset - 40), offset));
}

function asciiRunReachesMask(text: string, from: number, step: 1 | -1): boolean {
  for (let i = from; i >= 0 && i < text.length; i += step) {
    const char = text[i]!;
    if (char === MASK) return true;
    if (!PRINTABLE_ASCII.test(char)) return false;
  }
  return false;
}

/** Is `[start, end)` connected to a protected span by a run of ASCII (URL-like) characters? */
export function touchesMaskThroughAscii(text: string, start: number, end: number): boolean {
  return asciiRunReachesMask(text, start - 1, -1) || asciiRunReachesMask(text, end, 1);
}

/** May the whitespace in `[start, end)` of the masked text be deleted? */
export function canRemoveWhitespace(text: string, start: number, end: number): boolean {
  if (text[start - 1] === '$' || text[end] === '$') return false;
  return !followsLineMarker(text, start) && !touchesMaskThroughAscii(text, start, end);
}

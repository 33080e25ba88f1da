import { MASK } from './maskText';
import type { Span } from './protectedSpans';

/**
 * Inline protected regions, found by one left-to-right scan so that precedence is positional
 * (a code span hides the `<` inside it, an escaped backtick opens nothing).
 */

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y;
const EMAIL_AUTOLINK = /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>/y;
const HTML_DECLARATION = /<![A-Za-z][^>]*>/y;
const HTML_DELIMITED: Array<[string, string]> = [['<!--', '-->'], ['<![CDATA[', ']]>'], ['<?', '?>']];
const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;
const SHORTCODE = /:[a-z0-9_+-]+:(?![A-Za-z0-9])/y;
const FOOTNOTE = /\[\^[^\]\s]+\]/y;
const BARE_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/y;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/y;
const WORD_CHAR = /[A-Za-z0-9]/;

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? at + match[0].length : -1;
}

/**
 * One scan over `text`. A search for a closer that failed from position p fails from any later
 * position too (within the same paragraph), so failures are remembered: no quadratic rescans.
 */
class InlineScanner {
  private readonly failedFrom = new Map<string, number>();
  /** Start of every blank line, ascending: paragraphs end there. */
  private readonly blankLines: number[] = [];
  /** For each `[` / `(`: the index after its matching closer within the paragraph, else -1 (titles' quotes are not special). */
  private readonly matchingEnd: Int32Array;

  constructor(private readonly text: string) {
    this.matchingEnd = new Int32Array(text.length).fill(-1);
    const stacks: Record<string, number[]> = { '[': [], '(': [] };
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (char === '\\') i++;
      else if (char === '[' || char === '(') stacks[char]!.push(i);
      else if (char === ']' || char === ')') {
        const open = stacks[char === ']' ? '[' : '(']!.pop();
        if (open !== undefined) this.matchingEnd[open] = i + 1;
      } else if (char === '\n' && /^\n[ \t]*\n/.test(text.slice(i, i + 80))) {
        this.blankLines.push(i);
        stacks['[']!.length = 0;
        stacks['(']!.length = 0;
      }
    }
  }

  private paragraphEnd(from: number): number {
    let low = 0;
    let high = this.blankLines.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.blankLines[middle]! < from) low = middle + 1;
      else high = middle;
    }
    return this.blankLines[low] ?? this.text.length;
  }

  /** `indexOf(close, from)`, remembering failure under `key`. */
  private closerAfter(key: string, close: string, from: number): number {
    const failed = this.failedFrom.get(key);
    if (failed !== undefined && from >= failed) return -1;
    const at = this.text.indexOf(close, from);
    if (at === -1) this.failedFrom.set(key, from);
    return at;
  }

  codeSpanEnd(at: number): { end: number; runLength: number } {
    const { text } = this;
    let runLength = 1;
    while (text[at + runLength] === '`') runLength++;
    const limit = this.paragraphEnd(at);
    const key = `code${runLength}@${limit}`;
    const failed = this.failedFrom.get(key);
    if (failed === undefined || at < failed) {
      for (let i = at + runLength; i < limit; ) {
        let closing = 0;
        while (text[i + closing] === '`') closing++;
        if (closing === runLength) return { end: i + closing, runLength };
        i += Math.max(closing, 1);
      }
      this.failedFrom.set(key, at);
    }
    return { end: -1, runLength };
  }

  private mathEnd(at: number): number {
    const { text } = this;
    if (text.startsWith('$$', at)) {
      const close = this.closerAfter('$$', '$$', at + 2);
      return close === -1 ? -1 : close + 2;
    }
    // Pandoc's rule keeps prices apart: no space inside the delimiters, no digit after the closer.
    if (/\s/.test(text[at + 1] ?? ' ')) return -1;
    const limit = this.paragraphEnd(at);
    const key = `math@${limit}`;
    const failed = this.failedFrom.get(key);
    if (failed !== undefined && at >= failed) return -1;
    for (let i = at + 1; i < limit; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '$' && !/\s/.test(text[i - 1]!) && !/[0-9]/.test(text[i + 1] ?? '')) return i + 1;
    }
    this.failedFrom.set(key, at);
    return -1;
  }

  /** After a link text's `]`: the end of `(destination "title")` or `[label]`, else `after`. */
  private linkTailEnd(after: number): number {
    const next = this.text[after];
    if (next !== '(' && next !== '[') return after;
    const end = this.matchingEnd[after]!;
    return end === -1 ? after : end;
  }

  /** The end of the protected span starting at `i`, or -1 when nothing protected starts there. */
  spanEndAt(i: number): number {
    const { text } = this;
    const previous = text[i - 1] ?? '';
    switch (text[i]) {
      case MASK:
        return i + 1;
      case '\\':
        return ASCII_PUNCTUATION.test(text[i + 1] ?? '') ? i + 2 : -1;
      case '<': {
        for (const [open, close] of HTML_DELIMITED) {
          if (!text.startsWith(open, i)) continue;
          const at = this.closerAfter(open, close, i + open.length);
          return at === -1 ? -1 : at + close.length;
        }
        for (const pattern of [AUTOLINK, EMAIL_AUTOLINK, HTML_TAG, HTML_DECLARATION]) {
          const end = matchAt(pattern, text, i);
          if (end !== -1) return end;
        }
        return -1;
      }
      case '$':
        return this.mathEnd(i);
      case '&':
        return matchAt(ENTITY, text, i);
      case ':':
        return WORD_CHAR.test(previous) ? -1 : matchAt(SHORTCODE, text, i);
      case '!': {
        // Images are protected whole (the alt text is usually a file name), a bare `![alt]` too.
        const close = text[i + 1] === '[' ? this.matchingEnd[i + 1]! : -1;
        return close === -1 ? -1 : this.linkTailEnd(close);
      }
      case ']': {
        const end = this.linkTailEnd(i + 1);
        return end === i + 1 ? -1 : end;
      }
      case '[':
        if (text.startsWith('[[', i)) {
          const close = this.closerAfter('[[', ']]', i + 2);
          return close === -1 || text.slice(i, close).includes('\n') ? -1 : close + 2;
        }
        return matchAt(FOOTNOTE, text, i);
      default:
        if (WORD_CHAR.test(previous) || previous === '@' || previous === '.') return -1;
        return this.urlOrEmailEnd(i);
    }
  }

  private urlOrEmailEnd(at: number): number {
    const url = matchAt(BARE_URL, this.text, at);
    if (url !== -1) return this.trimUrl(at, url);
    return matchAt(EMAIL, this.text, at);
  }

  /** GFM autolink rule: trailing punctuation and unbalanced `)` are not part of the URL. */
  private trimUrl(start: number, end: number): number {
    const { text } = this;
    const count = (char: string, stop: number) => [...text.slice(start, stop)].filter((c) => c === char).length;
    let stop = end;
    for (;;) {
      const last = text[stop - 1]!;
      if (/[.,:;!?'"*_~]/.test(last)) stop--;
      else if (last === ')' && count('(', stop) < count(')', stop)) stop--;
      else return stop;
    }
  }
}

/** Inline spans of `text` between `regionStart` and `regionEnd` (a gap between block spans). */
export function findInlineSpans(text: string, regionStart: number, regionEnd: number): Span[] {
  const region = text.slice(regionStart, regionEnd);
  const scanner = new InlineScanner(region);
  const spans: Span[] = [];
  for (let i = 0; i < region.length; ) {
    if (region[i] === '`') {
      const { end, runLength } = scanner.codeSpanEnd(i);
      if (end !== -1) spans.push({ start: regionStart + i, end: regionStart + end });
      i = end === -1 ? i + runLength : end; // an unmatched run is literal as a whole
      continue;
    }
    const end = scanner.spanEndAt(i);
    if (end > i) spans.push({ start: regionStart + i, end: regionStart + end });
    i = end > i ? end : i + 1;
  }
  return spans;
}

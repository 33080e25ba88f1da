import { findBlockSpans } from './blockSpans';
import { findInlineSpans } from './inlineSpans';

/** A half-open range `[start, end)` of the document that no rule may change. */
export interface Span {
  start: number;
  end: number;
}

export interface ProtectionOptions {
  /** Also protect sections titled References / Further Reading (cjk-format setting). */
  skipReferenceSections?: boolean;
}

/**
 * Everything the CJK transforms must leave alone, sorted and non-overlapping: front matter,
 * fenced and indented code, inline code, math, URLs and autolinks, link destinations, images,
 * HTML tags and comments, entities, footnote markers, wiki links, escapes. `text` uses LF only.
 */
export function findProtectedSpans(text: string, options: ProtectionOptions = {}): Span[] {
  const blocks = findBlockSpans(text, options.skipReferenceSections ?? false);
  const spans: Span[] = [];
  let cursor = 0;
  for (const block of blocks) {
    spans.push(...findInlineSpans(text, cursor, block.start), block);
    cursor = block.end;
  }
  spans.push(...findInlineSpans(text, cursor, text.length));
  return spans.filter((span) => span.end > span.start);
}

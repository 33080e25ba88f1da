import { canRemoveWhitespace, followsLineMarker, touchesMaskThroughAscii } from './whitespaceGuard';
import { cachedRegExp, CJK_CLOSING_BRACKETS, CJK_OPENING_BRACKETS, CJK_TERMINAL_PUNCTUATION, codePointAt, codePointBefore } from './cjkScript';

/** Width conversions between ASCII and full-width forms, on masked text. */

const FULLWIDTH: Record<string, string> = { ',': '，', '.': '。', '!': '！', '?': '？', ';': '；', ':': '：' };

// A period after a line-leading number is a list marker or section number (`1.中文`, `## 2.概述`).
const NUMBER_AT_LINE_START = /(?:^|\n)[ \t>]*(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?\d{1,9}$/;

function isInSpacedEllipsis(text: string, offset: number, run: string): boolean {
  if (run !== '.') return false;
  return /\.[ \t]+$/.test(text.slice(Math.max(0, offset - 8), offset)) || /^[ \t]+\./.test(text.slice(offset + 1, offset + 9));
}

/**
 * ASCII `, . ! ? ; :` that touch a CJK letter (or a CJK bracket / full-width mark on the left,
 * a CJK opening bracket on the right) become full-width. A run is converted as a whole (`中文?!`)
 * so one pass is final. Left alone: ellipses (`...`, `. . .`), a period after a line-leading number,
 * a period directly followed by a letter or digit (`说明.md`, `网站.com`).
 */
export function toFullwidthPunctuation(text: string, letterClass: string): string {
  const isLetter = cachedRegExp(`^[${letterClass}]$`, 'u');
  const leftIsCjk = (char: string) => isLetter.test(char) || (char !== '' && (CJK_CLOSING_BRACKETS + CJK_TERMINAL_PUNCTUATION).includes(char));
  const rightIsCjk = (char: string) => isLetter.test(char) || (char !== '' && CJK_OPENING_BRACKETS.includes(char));
  return text.replace(/[,.!?;:]+/g, (run: string, offset: number) => {
    if (run.includes('..') || isInSpacedEllipsis(text, offset, run)) return run;
    const before = codePointBefore(text, offset);
    const after = codePointAt(text, offset + run.length);
    if (!leftIsCjk(before) && !rightIsCjk(after)) return run;
    if (run === '.' && /[A-Za-z0-9]/.test(after)) return run;
    if (run === '.' && NUMBER_AT_LINE_START.test(text.slice(Math.max(0, offset - 40), offset))) return run;
    return [...run].map((char) => FULLWIDTH[char]!).join('');
  });
}

/** `(中文)` → `（中文）` when the content holds a CJK letter; repeated for nesting. */
export function toFullwidthParentheses(text: string, letterClass: string): string {
  const pair = cachedRegExp(`\\(([^()\\n]*[${letterClass}][^()\\n]*)\\)`, 'gu');
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(pair, '（$1）');
  }
  return text;
}

/**
 * `[中文]` → `【中文】`, except link syntax: before `(`, `[` or `:`, after `!` or `]`, and labels
 * that a reference definition in the document uses (a shortcut reference link).
 */
export function toFullwidthBrackets(text: string, letterClass: string, referenceLabels: ReadonlySet<string>): string {
  const pair = cachedRegExp(`(?<![\\]!])\\[([^\\[\\]\\n]*[${letterClass}][^\\[\\]\\n]*)\\](?![(\\[:])`, 'gu');
  return text.replace(pair, (whole: string, content: string) =>
    referenceLabels.has(content.trim().toLowerCase()) ? whole : `【${content}】`,
  );
}

// `１.` or `１２3.` at the start of a line would become a list marker.
const LINE_START_BEFORE = /(?:^|\n)[ \t>]*$/;

/**
 * `１２３ＡＢＣ` → `123ABC`. A run that reaches a protected span through ASCII stays
 * (`$x$１２` must not become `$x$12`, nor `https://a.com/xＡ` a longer URL).
 */
export function toHalfwidthAlphanumerics(text: string): string {
  return text.replace(/[０-９Ａ-Ｚａ-ｚ]+/g, (run: string, offset: number) => {
    const end = offset + run.length;
    if (touchesMaskThroughAscii(text, offset, end)) return run;
    if (/^[0-9]*[.)]/.test(text.slice(end, end + 12)) && LINE_START_BEFORE.test(text.slice(Math.max(0, offset - 40), offset))) return run;
    return run.replace(/./g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
  });
}

/** `中文. . .` → `中文...` (same line only: dots on separate lines are sentences). */
export function joinSpacedEllipsis(text: string): string {
  return text.replace(/(?:(?<=\S)[ \t]+)?\.(?:[ \t]+\.){2,}/g, (dots: string, offset: number) => {
    const firstDotEnd = offset + dots.indexOf('.') + 1;
    if (followsLineMarker(text, firstDotEnd) || !canRemoveWhitespace(text, offset, offset + dots.length)) return dots;
    return '...';
  });
}

/** Runs of `！？。` longer than `limit` (1 or 2) are cut to `limit`. */
export function limitRepeatedPunctuation(text: string, limit: 0 | 1 | 2): string {
  if (limit === 0) return text;
  return text.replace(/([！？。])\1+/g, (run: string, mark: string) => mark.repeat(Math.min(run.length, limit)));
}

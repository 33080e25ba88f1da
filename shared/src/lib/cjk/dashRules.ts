import { cachedRegExp, CJK_CLOSING_BRACKETS, CJK_OPENING_BRACKETS, CJK_TERMINAL_PUNCTUATION } from './cjkScript';
import { followsLineMarker } from './whitespaceGuard';

/** Dash rules on masked text; same line only, so a setext `--` underline never joins lines. */

const CJK_MARKS = CJK_OPENING_BRACKETS + CJK_CLOSING_BRACKETS + CJK_TERMINAL_PUNCTUATION;

// No space between a CJK bracket and the dash: `」——「`, but `中文 —— English`.
function dashBetween(before: string, after: string): string {
  const left = CJK_CLOSING_BRACKETS.includes(before) ? '' : ' ';
  const right = CJK_OPENING_BRACKETS.includes(after) ? '' : ' ';
  return `${before}${left}——${right}`;
}

// A line-leading `-——` or `#——` keeps its spacing: a space would turn it into a list item or heading.
function atLineMarker(text: string, before: string, offset: number): boolean {
  return followsLineMarker(text, offset + before.length);
}

/** `中文--English`, `中文 -- 中文` → `中文 —— English`: two or more hyphens with CJK on at least one side. */
export function convertDoubleHyphens(text: string, letterClass: string): string {
  const cjk = `[${letterClass}${CJK_MARKS}]`;
  const side = `(?:${cjk}|[A-Za-z0-9])`;
  const pattern = cachedRegExp(`(${side})[ \\t]*-{2,}[ \\t]*(?=(${side}))`, 'gu');
  const isCjk = cachedRegExp(`^${cjk}$`, 'u');
  return text.replace(pattern, (whole: string, before: string, after: string) =>
    isCjk.test(before) || isCjk.test(after) ? dashBetween(before, after) : whole,
  );
}

/** Normalises the spaces around an existing `——`. */
export function spaceEmDashes(text: string): string {
  return text.replace(/([^\s—])[ \t]*——[ \t]*(?=([^\s—]))/gu, (whole: string, before: string, after: string, offset: number) =>
    atLineMarker(text, before, offset) ? whole : dashBetween(before, after),
  );
}

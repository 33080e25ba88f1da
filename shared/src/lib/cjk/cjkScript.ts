/**
 * Character classes shared by the CJK rules, as regex class bodies (use inside `[...]` with the
 * `u` flag). Script properties cover the supplementary-plane Han extensions.
 */

/** Han, kana, Bopomofo and the prolonged sound mark: the letters of the formatter (reference §7.3 excludes Korean). */
export const CJK_LETTER = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u30FC`;

/** The class of the simple `cjk-spacing` / `cjk-punctuation` transforms, which include Hangul (reference §7.1). */
export const CJK_LETTER_WITH_HANGUL = String.raw`${CJK_LETTER}\p{Script=Hangul}`;

export const CJK_OPENING_BRACKETS = '（《「『【〈〔';
export const CJK_CLOSING_BRACKETS = '）》」』】〉〕';
export const CJK_TERMINAL_PUNCTUATION = '，。！？；：、';

/** A tester for "contains at least one letter of this class". */
export function cjkTester(letterClass: string): (text: string) => boolean {
  const pattern = cachedRegExp(`[${letterClass}]`, 'u');
  return (text) => pattern.test(text);
}

/** The whole code point that ends at `index` (exclusive), or '' at the start. */
export function codePointBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
  const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
  const start = index >= 2 && isLow(text.charCodeAt(index - 1)) && isHigh(text.charCodeAt(index - 2)) ? index - 2 : index - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

/** The whole code point that starts at `index`, or '' at the end. */
export function codePointAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

const compiledPatterns = new Map<string, RegExp>();

/** A pattern compiled once per source and flags: the rules run per paragraph and per pass. */
export function cachedRegExp(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let pattern = compiledPatterns.get(key);
  if (pattern === undefined) {
    pattern = new RegExp(source, flags);
    compiledPatterns.set(key, pattern);
  }
  return pattern;
}

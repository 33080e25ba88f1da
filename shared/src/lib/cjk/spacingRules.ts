import { cachedRegExp } from './cjkScript';
import { canRemoveWhitespace, followsLineMarker, touchesMaskThroughAscii } from './whitespaceGuard';

/**
 * Spacing rules. Each takes the masked text (protected spans are single MASK characters) and a
 * CJK letter class from `cjkScript.ts`; each only inserts or removes horizontal spaces.
 */

const SIGN = '[-+−±－＋]';
const CURRENCY_SYMBOL = '[$¥€£₹]';
const UNIT = '(?:[%‰℃℉]|°[CcFf]?)';
const CURRENCY_CODE = '(?:USD|CNY|EUR|GBP|RMB|JPY)';

/** `中文abc` → `中文 abc`, `abc中文` → `abc 中文` (letters and digits of ASCII only). */
export function spaceCjkAndLatin(text: string, letterClass: string): string {
  return text
    .replace(cachedRegExp(`([${letterClass}])(?=[A-Za-z0-9])`, 'gu'), '$1 ')
    .replace(cachedRegExp(`([A-Za-z0-9])(?=[${letterClass}])`, 'gu'), '$1 ');
}

/**
 * The formatter's variant: a sign before a digit run (`-1`, `±5`) and a currency prefix (`$100`)
 * belong to the number, as do unit suffixes (`25℃`, `50%`).
 */
export function spaceCjkAndLatinTokens(text: string, letterClass: string): string {
  const tokenStart = `(?:${SIGN}(?=\\d|${CURRENCY_SYMBOL} ?\\d)|${CURRENCY_SYMBOL}(?= ?${SIGN}?\\d)|[A-Za-z0-9])`;
  return text
    .replace(cachedRegExp(`([${letterClass}])(?=${tokenStart})`, 'gu'), '$1 ')
    .replace(cachedRegExp(`([A-Za-z0-9]|\\d${UNIT})(?=[${letterClass}])`, 'gu'), '$1 ');
}

/** `中文(English)` → `中文 (English)`: only half-width parentheses that stayed half-width. */
export function spaceCjkAndParentheses(text: string, letterClass: string): string {
  return text
    .replace(cachedRegExp(`([${letterClass}])(?=\\()`, 'gu'), '$1 ')
    .replace(cachedRegExp(`\\)(?=[${letterClass}])`, 'gu'), ') ');
}

/** Deletes the whitespace matched by group 2 of `pattern` (group 1 is kept) where `allowed`. */
function removeWhitespaceWhere(text: string, pattern: RegExp, allowed: (start: number, end: number) => boolean): string {
  return text.replace(pattern, (whole: string, before: string, space: string, offset: number) => {
    const start = offset + before.length;
    return allowed(start, start + space.length) ? before : whole;
  });
}

// A `$` preceded by a non-space and not followed by a digit could close inline math.
const MATH_CLOSER_CANDIDATE = /\S\$(?!\d)/;

/**
 * `$ 100` → `$100`, `50 %` → `50%`, `100USD` → `100 USD`. `hidesDollar`: a protected span of
 * this paragraph contains `$`, which could close the inline math a bound `$100` would open.
 */
export function bindCurrencyAndUnits(text: string, hidesDollar = false): string {
  const dollarIsSafe = !hidesDollar && !MATH_CLOSER_CANDIDATE.test(text);
  text = removeWhitespaceWhere(text, cachedRegExp(`(${CURRENCY_SYMBOL})([ \\t]+)(?=${SIGN}?\\d)`, 'gu'), (start, end) =>
    text[start - 1] === '$'
      ? dollarIsSafe && !followsLineMarker(text, start) && !touchesMaskThroughAscii(text, start, end)
      : canRemoveWhitespace(text, start, end),
  );
  text = removeWhitespaceWhere(text, cachedRegExp(`(\\d)([ \\t]+)(?=${UNIT}(?![A-Za-z0-9]))`, 'gu'), (start, end) =>
    canRemoveWhitespace(text, start, end),
  );
  return text.replace(cachedRegExp(`(\\d)(?=${CURRENCY_CODE}(?![A-Za-z]))`, 'gu'), '$1 ');
}

/** `A / B` → `A/B`, between two non-space characters of one line; `//` is left alone. */
export function tightenSlashes(text: string): string {
  return text.replace(/(?<=[^\s/:])([ \t]*)\/([ \t]*)(?=[^\s/])/g, (_whole: string, left: string, right: string, offset: number) => {
    const keepLeft = left !== '' && !canRemoveWhitespace(text, offset, offset + left.length);
    const slashAt = offset + left.length;
    const keepRight = right !== '' && !canRemoveWhitespace(text, slashAt + 1, slashAt + 1 + right.length);
    return `${keepLeft ? left : ''}/${keepRight ? right : ''}`;
  });
}

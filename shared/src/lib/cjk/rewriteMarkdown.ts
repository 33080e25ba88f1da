import type { CjkFormatSettings } from './cjkFormatSettings';
import { cachedRegExp, CJK_LETTER, CJK_LETTER_WITH_HANGUL, cjkTester } from './cjkScript';
import { convertDoubleHyphens, spaceEmDashes } from './dashRules';
import { joinLineEndings, maskSpans, MASK, splitLineEndings, unmaskSpans } from './maskText';
import { findProtectedSpans } from './protectedSpans';
import {
  joinSpacedEllipsis,
  limitRepeatedPunctuation,
  toFullwidthBrackets,
  toFullwidthParentheses,
  toFullwidthPunctuation,
  toHalfwidthAlphanumerics,
} from './punctuationRules';
import { convertQuotes, nestCornerQuotes, spaceAroundCurlyQuotes } from './quoteRules';
import { bindCurrencyAndUnits, spaceCjkAndLatin, spaceCjkAndLatinTokens, spaceCjkAndParentheses, tightenSlashes } from './spacingRules';
import { collapseBlankLines, collapseSpaces, removeTrailingSpaces } from './whitespaceRules';

/** The `kind` argument of `document.transform`. */
export type CjkTransformKind = 'cjk-format' | 'cjk-spacing' | 'cjk-punctuation';

// Rules feed each other (a converted quote is context for the next rule), so the formatter
// runs to a fixed point; real text settles in two passes.
const MAX_FORMAT_PASSES = 8;
const REFERENCE_DEFINITION_LABEL = /^ {0,3}\[([^\]\n]+)\]:/gm;
const containsCjk = cjkTester(CJK_LETTER_WITH_HANGUL);

/** Applies `rewrite` to each paragraph (text between blank lines), with the pieces its masks hide. */
function mapParagraphs(text: string, pieces: readonly string[], rewrite: (paragraph: string, hidden: readonly string[]) => string): string {
  let maskIndex = 0;
  return text
    .split(/(\n[ \t]*\n)/)
    .map((chunk, index) => {
      if (index % 2 === 1) return chunk;
      const maskCount = chunk.split(MASK).length - 1;
      const hidden = pieces.slice(maskIndex, maskIndex + maskCount);
      maskIndex += maskCount;
      return rewrite(chunk, hidden);
    })
    .join('');
}

/**
 * A bare URL or e-mail address is masked but still Latin text: `访问https://a.com` gets its space
 * like any word. Only masks whose hidden text starts or ends with a letter or digit qualify.
 */
function spaceAroundLatinMasks(text: string, pieces: readonly string[], letterClass: string): string {
  const isCjk = cachedRegExp(`^[${letterClass}]$`, 'u');
  const isLatin = /^[A-Za-z0-9]$/;
  let out = '';
  let previous = '';
  let previousPiece: string | undefined;
  let index = 0;
  for (const char of text) {
    if (char === MASK) {
      const piece = pieces[index++] ?? '';
      if (isLatin.test(piece[0] ?? '') && isCjk.test(previous)) out += ' ';
      previousPiece = piece;
    } else {
      if (previousPiece !== undefined && isLatin.test(previousPiece.at(-1) ?? '') && isCjk.test(char)) out += ' ';
      previousPiece = undefined;
    }
    out += char;
    previous = char;
  }
  return out;
}

function formatCjkParagraph(text: string, s: CjkFormatSettings, referenceLabels: ReadonlySet<string>, hidden: readonly string[]): string {
  const letters = CJK_LETTER;
  if (s.fullwidthAlphanumeric) text = toHalfwidthAlphanumerics(text);
  if (s.fullwidthPunctuation) text = toFullwidthPunctuation(text, letters);
  if (s.fullwidthBrackets) text = toFullwidthBrackets(text, letters, referenceLabels);
  if (s.dashConversion) text = convertDoubleHyphens(text, letters);
  if (s.emdashSpacing) text = spaceEmDashes(text);
  if (s.smartQuoteConversion) text = convertQuotes(text, letters, s);
  if (s.cjkNestedQuotes) text = nestCornerQuotes(text);
  if (s.quoteSpacing) text = spaceAroundCurlyQuotes(text, letters, 'double');
  if (s.singleQuoteSpacing) text = spaceAroundCurlyQuotes(text, letters, 'single');
  if (s.cjkEnglishSpacing) text = spaceCjkAndLatinTokens(text, letters);
  // Before parenthesis spacing, so `中文(注释)` becomes `中文（注释）`, not `中文 （注释）`.
  if (s.fullwidthParentheses) text = toFullwidthParentheses(text, letters);
  if (s.cjkParenthesisSpacing) text = spaceCjkAndParentheses(text, letters);
  if (s.currencySpacing) text = bindCurrencyAndUnits(text, hidden.some((piece) => piece.includes('$')));
  if (s.slashSpacing) text = tightenSlashes(text);
  return limitRepeatedPunctuation(text, s.consecutivePunctuationLimit);
}

function formatOnce(text: string, s: CjkFormatSettings, pieces: readonly string[], referenceLabels: ReadonlySet<string>): string {
  if (s.ellipsisNormalization) text = joinSpacedEllipsis(text);
  text = mapParagraphs(text, pieces, (paragraph, hidden) =>
    containsCjk(paragraph) ? formatCjkParagraph(paragraph, s, referenceLabels, hidden) : paragraph,
  );
  if (s.cjkEnglishSpacing) text = spaceAroundLatinMasks(text, pieces, CJK_LETTER);
  if (s.spaceCollapsing) text = collapseSpaces(text);
  if (s.trailingSpaceRemoval) text = removeTrailingSpaces(text);
  return text;
}

function format(text: string, s: CjkFormatSettings, pieces: readonly string[], referenceLabels: ReadonlySet<string>): string {
  for (let pass = 0; pass < MAX_FORMAT_PASSES; pass++) {
    const next = formatOnce(text, s, pieces, referenceLabels);
    if (next === text) return next;
    text = next;
  }
  return text;
}

/**
 * The raw rewrite, without the integrity check: mask protected spans, apply the rules of
 * `kind`, put the spans and the original line endings back. Throws if a rule broke the mask.
 */
export function rewriteMarkdown(kind: CjkTransformKind, markdown: string, settings: CjkFormatSettings): string {
  const { text, endings } = splitLineEndings(markdown);
  const skipReferenceSections = kind === 'cjk-format' && settings.skipReferenceSections;
  const { text: masked, pieces } = maskSpans(text, findProtectedSpans(text, { skipReferenceSections }));
  let body = masked;
  let lineEndings = endings;
  if (kind === 'cjk-spacing') {
    body = spaceAroundLatinMasks(spaceCjkAndLatin(body, CJK_LETTER_WITH_HANGUL), pieces, CJK_LETTER_WITH_HANGUL);
  } else if (kind === 'cjk-punctuation') {
    body = toFullwidthPunctuation(toFullwidthParentheses(body, CJK_LETTER_WITH_HANGUL), CJK_LETTER_WITH_HANGUL);
  } else {
    const referenceLabels = new Set([...text.matchAll(REFERENCE_DEFINITION_LABEL)].map((match) => match[1]!.trim().toLowerCase()));
    body = format(body, settings, pieces, referenceLabels);
    if (settings.newlineCollapsing) ({ text: body, endings: lineEndings } = collapseBlankLines(body, endings));
  }
  return joinLineEndings(unmaskSpans(body, pieces), lineEndings);
}

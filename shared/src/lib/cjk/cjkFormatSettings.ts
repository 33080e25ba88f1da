import type { CjkQuoteStyle } from './quoteRules';

export type { CjkQuoteStyle };

/**
 * The user's CJK formatting settings, one toggle per rule of reference §7.3 (the original's
 * `CJKFormattingSettings` without the UI-only `quoteToggleMode`).
 */
export interface CjkFormatSettings {
  /** `. . .` → `...` (any text). */
  ellipsisNormalization: boolean;
  /** Three or more line breaks → two (any text). */
  newlineCollapsing: boolean;
  /** `１２３ＡＢＣ` → `123ABC`. */
  fullwidthAlphanumeric: boolean;
  /** `, . ! ? ; :` next to CJK → `，。！？；：`. */
  fullwidthPunctuation: boolean;
  /** `(中文)` → `（中文）`. */
  fullwidthParentheses: boolean;
  /** `[中文]` → `【中文】` (not link syntax). */
  fullwidthBrackets: boolean;
  /** `中文abc` → `中文 abc` (Korean excluded). */
  cjkEnglishSpacing: boolean;
  /** `中文(abc)` → `中文 (abc)`. */
  cjkParenthesisSpacing: boolean;
  /** `$ 100` → `$100`, `50 %` → `50%`, `100USD` → `100 USD`. */
  currencySpacing: boolean;
  /** `A / B` → `A/B`. */
  slashSpacing: boolean;
  /** Runs of spaces → one (indentation kept). */
  spaceCollapsing: boolean;
  /** `中文--abc` → `中文 —— abc`. */
  dashConversion: boolean;
  /** Spaces around `——`, none next to CJK brackets. */
  emdashSpacing: boolean;
  /** Straight quotes → `quoteStyle`. */
  smartQuoteConversion: boolean;
  quoteStyle: CjkQuoteStyle;
  /** Convert only pairs in CJK context; pure Latin pairs stay as typed. */
  contextualQuotes: boolean;
  /** Space between “ ” and touching letters. */
  quoteSpacing: boolean;
  /** Space between ‘ ’ and touching letters. */
  singleQuoteSpacing: boolean;
  /** 「」『』 for CJK pairs. */
  cjkCornerQuotes: boolean;
  /** ‘ ’ inside 「」 → 『』. */
  cjkNestedQuotes: boolean;
  /** Longest run of `！？。` kept: 0 = off. */
  consecutivePunctuationLimit: 0 | 1 | 2;
  /** Trailing spaces removed (hard breaks kept). */
  trailingSpaceRemoval: boolean;
  /** Leave sections titled References / Further Reading untouched. */
  skipReferenceSections: boolean;
}

/** Defaults of reference §7.3 (the values in brackets there). */
export const DEFAULT_CJK_FORMAT_SETTINGS: Readonly<CjkFormatSettings> = Object.freeze({
  ellipsisNormalization: true,
  newlineCollapsing: false, // off: collapsing blank lines rewrites English prose too; the person can turn it on
  fullwidthAlphanumeric: true,
  fullwidthPunctuation: true,
  fullwidthParentheses: true,
  fullwidthBrackets: false,
  cjkEnglishSpacing: true,
  cjkParenthesisSpacing: true,
  currencySpacing: true,
  slashSpacing: true,
  spaceCollapsing: true,
  dashConversion: true,
  emdashSpacing: true,
  smartQuoteConversion: true,
  quoteStyle: 'curly',
  contextualQuotes: true,
  quoteSpacing: true,
  singleQuoteSpacing: true,
  cjkCornerQuotes: false,
  cjkNestedQuotes: false,
  consecutivePunctuationLimit: 0,
  trailingSpaceRemoval: true,
  skipReferenceSections: false,
});

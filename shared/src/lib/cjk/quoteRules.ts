import { cachedRegExp, CJK_CLOSING_BRACKETS, CJK_OPENING_BRACKETS, CJK_TERMINAL_PUNCTUATION, codePointAt, codePointBefore } from './cjkScript';

/**
 * Quote pairing with two stacks (double, single), keeping apostrophes (`don't`, `'90s`) and
 * primes (`5'10"`) out of the pairs; then glyph conversion and spacing on the pairs found.
 */

export type CjkQuoteStyle = 'curly' | 'corner' | 'guillemets';
type QuoteKind = 'double' | 'single';

interface QuotePair {
  kind: QuoteKind;
  open: number;
  close: number;
  cjk: boolean;
}

const GLYPHS: Record<CjkQuoteStyle, Record<QuoteKind, [string, string]>> = {
  curly: { double: ['\u201c', '\u201d'], single: ['\u2018', '\u2019'] },
  corner: { double: ['「', '」'], single: ['『', '』'] },
  guillemets: { double: ['«', '»'], single: ['‹', '›'] },
};
const OPENING_CONTEXT = `([{<${CJK_OPENING_BRACKETS}—–-`;
const CLOSING_CONTEXT = `)]}>${CJK_CLOSING_BRACKETS}${CJK_TERMINAL_PUNCTUATION}.,!?;:`;
const ASCII_LETTER = /[A-Za-z]/;

function kindOf(char: string): QuoteKind | undefined {
  if ('"\u201c\u201d'.includes(char)) return 'double';
  if ("'\u2018\u2019".includes(char)) return 'single';
  return undefined;
}

function isApostrophe(text: string, i: number): boolean {
  const before = text[i - 1] ?? '';
  const after = text[i + 1] ?? '';
  if (text[i] === '\u2018') return /[0-9]{2}/.test(text.slice(i + 1, i + 3)) && !/[0-9]/.test(before);
  if (ASCII_LETTER.test(before) && ASCII_LETTER.test(after)) return true; // don't, l'amour
  if (ASCII_LETTER.test(before) && /[sS]/.test(after) && !ASCII_LETTER.test(text[i + 2] ?? '')) return true; // Li's
  return !/[0-9]/.test(before) && /^[0-9]{2}/.test(text.slice(i + 1, i + 3)); // '90s
}

function roleOf(text: string, i: number, stackHasOpener: boolean): 'open' | 'close' {
  const char = text[i]!;
  if (char === '\u201c' || char === '\u2018') return 'open';
  if (char === '\u201d' || char === '\u2019') return 'close';
  const before = text[i - 1] ?? '';
  const after = text[i + 1] ?? '';
  if (before === '' || /\s/.test(before) || OPENING_CONTEXT.includes(before)) return 'open';
  if (after === '' || /\s/.test(after) || CLOSING_CONTEXT.includes(after)) return 'close';
  return stackHasOpener ? 'close' : 'open';
}

/** `counts[i]` = number of CJK letters in `text` before index `i`. */
function cjkLetterCounts(text: string, isCjkLetter: RegExp): Uint32Array {
  const counts = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) counts[i + 1] = counts[i]! + (isCjkLetter.test(codePointAt(text, i)) ? 1 : 0);
  return counts;
}

export function findQuotePairs(text: string, letterClass: string): QuotePair[] {
  if (!/["'\u2018\u2019\u201c\u201d]/.test(text)) return [];
  const isCjkLetter = cachedRegExp(`^[${letterClass}]$`, 'u');
  const cjkBefore = cjkLetterCounts(text, isCjkLetter);
  // A pair involves CJK when a CJK letter is inside it or touches it from outside.
  const involvesCjk = (open: number, close: number) =>
    cjkBefore[close]! > cjkBefore[open + 1]! ||
    isCjkLetter.test(codePointBefore(text, open)) ||
    isCjkLetter.test(codePointAt(text, close + 1));
  const stacks: Record<QuoteKind, number[]> = { double: [], single: [] };
  const pairs: QuotePair[] = [];
  for (let i = 0; i < text.length; i++) {
    const kind = kindOf(text[i]!);
    if (kind === undefined) continue;
    if (kind === 'single' && isApostrophe(text, i)) continue;
    const stack = stacks[kind];
    // A digit before a straight quote is a prime (5'10") unless a quote of that kind is open.
    if (/[0-9]/.test(text[i - 1] ?? '') && stack.length === 0 && `"'\u2019\u201d`.includes(text[i]!)) continue;
    if (roleOf(text, i, stack.length > 0) === 'open') {
      stack.push(i);
      continue;
    }
    const open = stack.pop();
    if (open === undefined) continue;
    // Single quotes left open inside a double pair cannot pair across its end.
    if (kind === 'double') while ((stacks.single.at(-1) ?? -1) > open) stacks.single.pop();
    pairs.push({ kind, open, close: i, cjk: involvesCjk(open, i) });
  }
  return pairs;
}

export interface QuoteConversion {
  quoteStyle: CjkQuoteStyle;
  /** Curly (or the chosen style) only where CJK is involved; pure Latin pairs stay as typed. */
  contextualQuotes: boolean;
  /** Corner brackets 「」『』 for CJK pairs, whatever `quoteStyle` says. */
  cjkCornerQuotes: boolean;
}

function replaceAt(text: string, replacements: Map<number, string>): string {
  if (replacements.size === 0) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) out += replacements.get(i) ?? text[i];
  return out;
}

export function convertQuotes(text: string, letterClass: string, settings: QuoteConversion): string {
  const replacements = new Map<number, string>();
  for (const pair of findQuotePairs(text, letterClass)) {
    if (!pair.cjk && settings.contextualQuotes) continue;
    const style = pair.cjk && settings.cjkCornerQuotes ? 'corner' : settings.quoteStyle;
    // Corner brackets are CJK punctuation: a pure Latin pair gets curly quotes instead.
    const [open, close] = GLYPHS[!pair.cjk && style === 'corner' ? 'curly' : style][pair.kind];
    replacements.set(pair.open, open);
    replacements.set(pair.close, close);
  }
  return replaceAt(text, replacements);
}

/** `「他说‘好’」` → `「他说『好』」`. */
export function nestCornerQuotes(text: string): string {
  return text.replace(/「[^「」]*」/g, (outer) => outer.replace(/\u2018([^\u2018\u2019]*)\u2019/g, '『$1』'));
}

/** A space between a curly quote pair and a touching letter or digit: `说“好”的` → `说 “好” 的`. */
export function spaceAroundCurlyQuotes(text: string, letterClass: string, kind: QuoteKind): string {
  const touching = cachedRegExp(`[A-Za-z0-9${letterClass}]`, 'u');
  const [open, close] = GLYPHS.curly[kind];
  const replacements = new Map<number, string>();
  for (const pair of findQuotePairs(text, letterClass)) {
    if (pair.kind !== kind || text[pair.open] !== open || text[pair.close] !== close) continue;
    if (touching.test(codePointBefore(text, pair.open))) replacements.set(pair.open, ` ${open}`);
    if (touching.test(codePointAt(text, pair.close + 1))) replacements.set(pair.close, `${close} `);
  }
  return replaceAt(text, replacements);
}

import type { Span } from './protectedSpans';

/**
 * U+FFFC stands in for protected text while the rules run: it is neither CJK, Latin, space nor
 * punctuation, so no rule reacts to it. A literal U+FFFC in the input is itself protected.
 */
export const MASK = '\uFFFC';

export interface MaskedText {
  /** The text with each line of each protected span replaced by one MASK; newlines are kept. */
  text: string;
  /** The replaced pieces, in order. */
  pieces: string[];
}

export function maskSpans(text: string, spans: readonly Span[]): MaskedText {
  const pieces: string[] = [];
  let masked = '';
  let cursor = 0;
  for (const span of spans) {
    masked += text.slice(cursor, span.start);
    const lines = text.slice(span.start, span.end).split('\n');
    pieces.push(...lines);
    masked += lines.map(() => MASK).join('\n');
    cursor = span.end;
  }
  return { text: masked + text.slice(cursor), pieces };
}

/** Puts the pieces back; throws when a rule lost or invented a MASK (the caller falls back). */
export function unmaskSpans(text: string, pieces: readonly string[]): string {
  let index = 0;
  const restored = text.replace(new RegExp(MASK, 'g'), () => {
    const piece = pieces[index++];
    if (piece === undefined) throw new Error('mask count changed');
    return piece;
  });
  if (index !== pieces.length) throw new Error('mask count changed');
  return restored;
}

export interface LineEndings {
  /** The text with every CRLF turned into LF. */
  text: string;
  /** The original ending of each LF, in order. */
  endings: string[];
}

export function splitLineEndings(text: string): LineEndings {
  const endings: string[] = [];
  const lf = text.replace(/\r?\n/g, (ending) => {
    endings.push(ending);
    return '\n';
  });
  return { text: lf, endings };
}

export function joinLineEndings(text: string, endings: readonly string[]): string {
  let index = 0;
  const joined = text.replace(/\n/g, () => endings[index++] ?? '\n');
  if (index !== endings.length) throw new Error('line count changed');
  return joined;
}

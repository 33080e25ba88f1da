export type LineEnding = '\n' | '\r\n' | '\r';

const LINE_ENDING = /\r\n|\r|\n/g;

/** The most frequent line ending of `text`; `\n` when it has none. */
export function detectLineEnding(text: string): LineEnding {
  if (!text.includes('\r')) return '\n';
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (const match of text.matchAll(LINE_ENDING)) {
    if (match[0] === '\r\n') crlf++;
    else if (match[0] === '\n') lf++;
    else cr++;
  }
  if (crlf > lf && crlf >= cr) return '\r\n';
  if (cr > lf && cr > crlf) return '\r';
  return '\n';
}

/** Every line ending of `text` as `\n`. */
export function toLf(text: string): string {
  return text.replace(LINE_ENDING, '\n');
}

/** Turns `\n` text (what the serialiser writes) into the document's line ending. */
export function applyLineEnding(text: string, lineEnding: LineEnding): string {
  return lineEnding === '\n' ? text : text.replace(/\n/g, lineEnding);
}

/** Brings every line ending of `text` to the style of the document it replaces. */
export function matchLineEndings(text: string, like: string): string {
  return applyLineEnding(toLf(text), detectLineEnding(like));
}

export function endsWithLineEnding(text: string): boolean {
  return text.endsWith('\n') || text.endsWith('\r');
}

/** Offset helpers over the raw workflow text. Offsets are UTF-16 indexes into the source. */

export function lineStart(src: string, pos: number): number {
  return src.lastIndexOf('\n', pos - 1) + 1;
}

/** Offset of the line break that ends the line containing `pos` (the `\r` of a CRLF), or the text length. */
export function lineEnd(src: string, pos: number): number {
  const newline = src.indexOf('\n', pos);
  if (newline === -1) return src.length;
  return newline > 0 && src[newline - 1] === '\r' ? newline - 1 : newline;
}

/** Offset just after the line break that ends the line containing `pos`, or the text length. */
export function nextLineStart(src: string, pos: number): number {
  const newline = src.indexOf('\n', pos);
  return newline === -1 ? src.length : newline + 1;
}

export function column(src: string, pos: number): number {
  return pos - lineStart(src, pos);
}

/** Moves `end` back over trailing whitespace and line breaks, never before `start`. */
export function contentEnd(src: string, start: number, end: number): number {
  let pos = end;
  while (pos > start && /\s/.test(src[pos - 1] ?? '')) pos--;
  return pos;
}

/** Offset just after the `:` that separates a mapping key ending at `keyEnd` from its value. */
export function colonAfter(src: string, keyEnd: number): number {
  let pos = keyEnd;
  while (src[pos] === ' ' || src[pos] === '\t') pos++;
  if (src[pos] !== ':') throw new Error(`no ':' after the key at offset ${keyEnd}`);
  return pos + 1;
}

/** The `# …` comment between `from` and the end of its line, when only blanks precede it. */
export function commentToLineEnd(src: string, from: number): string {
  const rest = src.slice(from, lineEnd(src, from)).trim();
  return rest.startsWith('#') ? rest : '';
}

export function detectEol(src: string): '\n' | '\r\n' {
  const newline = src.indexOf('\n');
  return newline > 0 && src[newline - 1] === '\r' ? '\r\n' : '\n';
}

export function spaces(count: number): string {
  return ' '.repeat(Math.max(0, count));
}

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export function spliceEdit(src: string, edit: TextEdit): string {
  return src.slice(0, edit.start) + edit.text + src.slice(edit.end);
}

/**
 * A removal of whole lines `[start, end)`; when they are the last lines of a file without a
 * final newline, the preceding line break goes instead so the file still ends without one.
 */
export function removeLines(src: string, start: number, end: number): TextEdit {
  if (end === src.length && !src.endsWith('\n') && start > 0) {
    const eolLength = src[start - 2] === '\r' ? 2 : 1;
    return { start: start - eolLength, end, text: '' };
  }
  return { start, end, text: '' };
}

/** The line ending a text mostly uses (LF when it has none). */
export function dominantLineEnding(text: string): '\r\n' | '\n' {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** Brings every line ending of `text` to the style of the document it replaces. */
export function normalizeLineEndings(text: string, like: string): string {
  const unified = text.replace(/\r\n?/g, '\n');
  return dominantLineEnding(like) === '\r\n' ? unified.replace(/\n/g, '\r\n') : unified;
}

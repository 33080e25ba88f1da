/** The single hunk in which `after` differs from `before`, line by line (line endings kept). */
export interface LineChange {
  /** Index of the first differing line (0-based). */
  at: number;
  removed: string[];
  added: string[];
}

export function lineChange(before: string, after: string): LineChange {
  const a = splitLines(before);
  const b = splitLines(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  return { at: prefix, removed: a.slice(prefix, a.length - suffix), added: b.slice(prefix, b.length - suffix) };
}

/** Lines split at `\n`: a CRLF line keeps its `\r`, so line-ending damage shows as a change. */
export function splitLines(text: string): string[] {
  return text.split('\n');
}

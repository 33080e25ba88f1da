import { followsLineMarker } from './whitespaceGuard';

/** Whitespace clean-up on masked text (LF only). */

/**
 * Runs of spaces between two characters become one space. Leading indentation, the spaces
 * after a list marker (they set the item's content column), the trailing run of a hard break
 * and the padding next to table pipes are left as they are.
 */
export function collapseSpaces(text: string): string {
  return text.replace(/(?<=[^\s|]) {2,}(?=[^\s|])/g, (run: string, offset: number) =>
    followsLineMarker(text, offset) ? run : ' ',
  );
}

/** Trailing spaces and tabs go, except a hard break (two or more spaces after content). */
export function removeTrailingSpaces(text: string): string {
  return text.replace(/[ \t]+$/gm, (run: string, offset: number) => {
    const hardBreak = /^ {2,}$/.test(run) && offset > 0 && text[offset - 1] !== '\n';
    return hardBreak ? run : '';
  });
}

/**
 * Three or more consecutive line breaks become two. Works on the line-ending list too, so a
 * CRLF document keeps each kept line ending exactly as it was.
 */
export function collapseBlankLines(text: string, endings: readonly string[]): { text: string; endings: string[] } {
  let out = '';
  const kept: string[] = [];
  let run = 0;
  let ordinal = 0;
  for (const char of text) {
    if (char !== '\n') {
      run = 0;
      out += char;
      continue;
    }
    run++;
    if (run <= 2) {
      out += char;
      kept.push(endings[ordinal] ?? '\n');
    }
    ordinal++;
  }
  return { text: out, endings: kept };
}

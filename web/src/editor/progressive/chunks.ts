/**
 * Where a markdown text can be cut into top-level chunks that parse on their own as they parse in
 * the whole: before an ATX heading at column 0 that follows a blank line. Such a heading closes
 * every container and paragraph; only a construct that runs over blank lines and lines at column 0
 * can hold it (fenced code, math, HTML blocks of kinds 1–5, front matter), so those are skipped.
 * This scan only proposes: each chunk's parse confirms that nothing was left open at its end
 * (`chunkParse.ts` joins a chunk with the next where something was).
 */

/** A stretch of the text, [start, end) in UTF-16 offsets. */
export interface Chunk {
  readonly start: number;
  readonly end: number;
}

const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,}|\${2,})(.*)$/;
const FRONT_MATTER = /^(---|\+\+\+)[ \t]*$/;
/** HTML blocks of kinds 1–5 (CommonMark 4.6): they end at their closing text, not at a blank line. */
const RAW_HTML: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

export type Open =
  | { kind: 'fence'; marker: string; size: number }
  | { kind: 'html'; close: RegExp }
  | { kind: 'frontMatter'; fence: string };

/** Calls `visit` with every line (without its line ending) and the offset it starts at. */
export function forEachLine(text: string, visit: (line: string, start: number, index: number) => void): void {
  let start = 0;
  let index = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    visit(line, start, index++);
    start = end + 1;
  }
}

/** How many line feeds `text` has in [from, to). */
export function newlines(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

export function isBlank(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

/** The fence `line` opens (code or math), if it is an opening fence. */
export function fenceOpening(line: string): { marker: string; size: number } | undefined {
  const fence = FENCE.exec(line);
  if (!fence) return undefined;
  const marker = fence[1]!;
  // a backtick in the info string of ``` makes inline code, a `$` after `$$` inline math
  if (marker[0] !== '~' && fence[2]!.includes(marker[0]!)) return undefined;
  return { marker: marker[0]!, size: marker.length };
}

/** Whether `line` closes a fence opened with `marker` `size` times. */
export function closesFence(fence: { marker: string; size: number }, line: string): boolean {
  const close = /^ {0,3}(`+|~+|\$+)[ \t]*$/.exec(line);
  return close !== null && close[1]![0] === fence.marker && close[1]!.length >= fence.size;
}

/** Whether `line` starts an HTML block of kinds 1–5, closed on it or not. */
export function startsRawHtml(line: string): boolean {
  return RAW_HTML.some(([start]) => start.test(line));
}

/** What `line` opens outside any construct, if it is the start of one that spans blank lines. */
export function opens(line: string, first: boolean): Open | undefined {
  if (first) {
    const front = FRONT_MATTER.exec(line);
    if (front) return { kind: 'frontMatter', fence: front[1]! };
  }
  const fence = fenceOpening(line);
  if (fence) return { kind: 'fence', ...fence };
  for (const [start, close] of RAW_HTML) {
    if (start.test(line)) return close.test(line.replace(start, '')) ? undefined : { kind: 'html', close };
  }
  return undefined;
}

export function closes(open: Open, line: string): boolean {
  switch (open.kind) {
    case 'frontMatter':
      return line === open.fence;
    case 'html':
      return open.close.test(line);
    case 'fence':
      return closesFence(open, line);
  }
}

/**
 * The text cut into chunks at the places above, each chunk at least `minLines` lines long (the
 * last may be shorter). One chunk when there is no such place.
 */
export function splitChunks(text: string, minLines = 1): Chunk[] {
  const cuts: number[] = [];
  let open: Open | undefined;
  let previousBlank = false;
  let linesSinceCut = 0;
  forEachLine(text, (line, start, index) => {
    if (open) {
      if (closes(open, line)) open = undefined;
    } else if (previousBlank && index > 0 && ATX_HEADING.test(line) && linesSinceCut >= minLines) {
      cuts.push(start);
      linesSinceCut = 0;
    } else {
      open = opens(line, index === 0);
    }
    previousBlank = !open && isBlank(line);
    linesSinceCut++;
  });
  const chunks: Chunk[] = [];
  let start = 0;
  for (const cut of cuts) {
    chunks.push({ start, end: cut });
    start = cut;
  }
  chunks.push({ start, end: text.length });
  return chunks;
}

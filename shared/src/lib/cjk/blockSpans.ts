import type { Span } from './protectedSpans';

/**
 * Line-level protected regions: front matter, fenced and indented code, link reference
 * definitions, thematic breaks and (optionally) reference sections. Input uses LF only.
 */

interface Line {
  start: number;
  end: number; // exclusive, before the "\n"
  text: string;
}

const FENCE_OPEN = /^((?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?)(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})[ \t]*$/;
const INDENTED = /^(?: {4}|\t)/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const REFERENCE_DEFINITION = /^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*)$/;
const REFERENCE_TITLE = /^(?:references|further reading|bibliography|参考文献|参考资料|延伸阅读)[ \t#]*$/i;

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const lineText of text.split('\n')) {
    lines.push({ start, end: start + lineText.length, text: lineText });
    start += lineText.length + 1;
  }
  return lines;
}

const isBlank = (line: Line | undefined) => line !== undefined && line.text.trim() === '';

/** Index of the line that closes the front matter opened by line 0, or -1. */
function frontMatterEnd(lines: Line[]): number {
  const first = lines[0]?.text.replace(/^\uFEFF/, '').trimEnd();
  if (first !== '---' && first !== '+++') return -1;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!.text.trimEnd();
    if (text === first || (first === '---' && text === '...')) return i;
  }
  return -1;
}

function fenceEnd(lines: Line[], openIndex: number, fence: string): number {
  for (let i = openIndex + 1; i < lines.length; i++) {
    const close = FENCE_CLOSE.exec(lines[i]!.text);
    if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) return i;
  }
  return lines.length - 1; // an unclosed fence runs to the end of the document
}

function headingLevel(line: Line): number {
  return HEADING.exec(line.text)?.[1]?.length ?? 0;
}

export function findBlockSpans(text: string, skipReferenceSections: boolean): Span[] {
  const lines = splitLines(text);
  const spans: Span[] = [];
  const protect = (first: number, last: number) => spans.push({ start: lines[first]!.start, end: lines[last]!.end });

  let i = 0;
  const frontEnd = frontMatterEnd(lines);
  if (frontEnd > 0) {
    protect(0, frontEnd);
    i = frontEnd + 1;
  }

  let inList = false;
  let previousBlank = true;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const level = headingLevel(line);
    if (skipReferenceSections && level > 0 && REFERENCE_TITLE.test(HEADING.exec(line.text)![2]!.trim())) {
      let last = i;
      while (last + 1 < lines.length && !(headingLevel(lines[last + 1]!) > 0 && headingLevel(lines[last + 1]!) <= level)) last++;
      protect(i, last);
      i = last;
      continue;
    }
    const fence = FENCE_OPEN.exec(line.text);
    if (fence && !(fence[2]![0] === '`' && fence[3]!.includes('`'))) {
      const last = fenceEnd(lines, i, fence[2]!);
      protect(i, last);
      i = last;
      previousBlank = false;
      continue;
    }
    if (isBlank(line)) {
      previousBlank = true;
      continue;
    }
    if (previousBlank && !inList && INDENTED.test(line.text)) {
      let last = i;
      // The block runs on through blank lines that are followed by more indented lines.
      for (let j = i + 1; j < lines.length; j++) {
        if (isBlank(lines[j])) continue;
        if (!INDENTED.test(lines[j]!.text)) break;
        last = j;
      }
      protect(i, last);
      i = last;
      previousBlank = false;
      continue;
    }
    if (LIST_ITEM.test(line.text)) inList = true;
    else if (previousBlank && !/^[ \t]/.test(line.text)) inList = false;
    if (REFERENCE_DEFINITION.test(line.text) || THEMATIC_BREAK.test(line.text)) protect(i, i);
    previousBlank = false;
  }
  return spans;
}

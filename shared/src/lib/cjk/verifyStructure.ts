import { maskSpans, splitLineEndings } from './maskText';
import { findProtectedSpans } from './protectedSpans';

export interface StructureCheckOptions {
  /** `newlineCollapsing` may shorten runs of blank lines; everything else keeps its line. */
  allowBlankLineCollapse?: boolean;
  skipReferenceSections?: boolean;
}

export interface StructureCheck {
  ok: boolean;
  /** Which parts differ: 'protected', 'lines', 'markers', 'content'. */
  mismatches: string[];
}

interface Structure {
  protected: string[];
  lines: string[];
  markers: string;
  content: string;
}

const LINE_PREFIX = /^([ \t]*)((?:>[ \t]?)*)[ \t]*(#{1,6}(?=[ \t]|$)|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))?/;

/** Indentation, blockquote depth and heading / list marker of one (masked) line; '' when blank. */
function lineSignature(line: string): string {
  if (line.trim() === '') return '';
  const [, indent = '', quotes = '', marker = ''] = LINE_PREFIX.exec(line) ?? [];
  return `${indent.length}|${quotes.replace(/[ \t]/g, '')}|${marker}`;
}

function structureOf(markdown: string, options: StructureCheckOptions): Structure {
  const { text } = splitLineEndings(markdown);
  const spans = findProtectedSpans(text, { skipReferenceSections: options.skipReferenceSections ?? false });
  const masked = maskSpans(text, spans).text;
  let lines = masked.split('\n').map(lineSignature);
  if (options.allowBlankLineCollapse) lines = lines.filter((line, i) => line !== '' || lines[i - 1] !== '');
  return {
    protected: spans.map((span) => text.slice(span.start, span.end)),
    lines,
    // Emphasis, link, table and code markers outside protected spans; 【】 may legitimately replace [].
    markers: masked.replace(/【/g, '[').replace(/】/g, ']').replace(/[^*_~|`$\\[\]]/g, ''),
    // Every rule changes only whitespace, punctuation or character width: the rest must survive.
    content: text.normalize('NFKC').replace(/[\p{White_Space}\p{P}]/gu, ''),
  };
}

/** Compares the markdown structure before and after a transform. */
export function verifyStructure(before: string, after: string, options: StructureCheckOptions = {}): StructureCheck {
  const a = structureOf(before, options);
  const b = structureOf(after, options);
  const mismatches: string[] = [];
  if (a.protected.length !== b.protected.length || a.protected.some((text, i) => text !== b.protected[i])) mismatches.push('protected');
  if (a.lines.length !== b.lines.length || a.lines.some((line, i) => line !== b.lines[i])) mismatches.push('lines');
  if (a.markers !== b.markers) mismatches.push('markers');
  if (a.content !== b.content) mismatches.push('content');
  return { ok: mismatches.length === 0, mismatches };
}

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { blockStarts } from './blockOffsets';

let cached: { markdown: string; lines: number[] } | undefined;

/** The source line (1-based) where each top-level block starts, for the last markdown asked about. */
function blockLines(markdown: string): number[] {
  if (cached?.markdown !== markdown) {
    const lines: number[] = [];
    let line = 1;
    let scanned = 0;
    for (const start of blockStarts(markdown)) {
      for (let at = markdown.indexOf('\n', scanned); at !== -1 && at < start; at = markdown.indexOf('\n', at + 1)) line++;
      scanned = Math.max(scanned, start);
      lines.push(line);
    }
    cached = { markdown, lines };
  }
  return cached.lines;
}

/**
 * Where a WYSIWYG position is in the markdown: the source line of its top-level block plus the line
 * breaks before it inside that block (soft breaks, and one per nested block), and the column as
 * the number of characters shown before it on that line, plus one.
 */
export function wysiwygLineColumn(doc: ProseMirrorNode, pos: number, markdown: string): { line: number; column: number } {
  const $pos = doc.resolve(pos);
  const index = Math.min($pos.index(0), Math.max(0, doc.childCount - 1));
  const blockStart = $pos.posAtIndex(index, 0);
  const before = doc.textBetween(Math.min(blockStart + 1, pos), pos, '\n', '\ufffc');
  const breaks = before.split('\n');
  const startLine = blockLines(markdown)[index] ?? 1;
  return { line: startLine + breaks.length - 1, column: breaks[breaks.length - 1]!.length + 1 };
}

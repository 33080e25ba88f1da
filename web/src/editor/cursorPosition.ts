import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** The source line (1-based) of each offset in `starts` (ascending), counted in `markdown`. */
export function linesOfOffsets(markdown: string, starts: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (const start of starts) {
    for (let at = markdown.indexOf('\n', scanned); at !== -1 && at < start; at = markdown.indexOf('\n', at + 1)) line++;
    scanned = Math.max(scanned, start);
    lines.push(line);
  }
  return lines;
}

/**
 * Where a WYSIWYG position is in the markdown: the source line of its top-level block (from
 * `blockLines`, the start line of each top-level block as last written) plus the line breaks
 * before it inside that block (soft breaks, and one per nested block), and the column as the
 * number of characters shown before it on that line, plus one.
 */
export function wysiwygLineColumn(doc: ProseMirrorNode, pos: number, blockLines: readonly number[]): { line: number; column: number } {
  const $pos = doc.resolve(pos);
  const index = Math.min($pos.index(0), Math.max(0, doc.childCount - 1));
  const blockStart = $pos.posAtIndex(index, 0);
  const before = doc.textBetween(Math.min(blockStart + 1, pos), pos, '\n', '\ufffc');
  const breaks = before.split('\n');
  const startLine = blockLines[index] ?? 1;
  return { line: startLine + breaks.length - 1, column: breaks[breaks.length - 1]!.length + 1 };
}

import type { WrittenChild } from './containerWriter';
import { isEmptyParagraph } from './containerWriter';
import { writeFreshBlock } from './freshWriter';
import { parsesAs, type ReparseContext } from './verify';
import type { WriterContext } from './writerContext';

/**
 * Checks every rewritten stretch of top-level blocks (with one neighbour on each side, so the
 * separators are checked too) by parsing it back. Returns how many stretches stayed wrong.
 */
export function verifyAndRepair(written: WrittenChild[], context: WriterContext, reparse: ReparseContext): number {
  let unverified = 0;
  for (const run of rewrittenRuns(written)) {
    const windowStart = Math.max(0, run.start - 1);
    const windowEnd = Math.min(written.length, run.end + 1);
    const check = () => windowParses(written, windowStart, windowEnd, reparse);
    if (check()) continue;
    const fresh = { ...context, reuseInside: false };
    const plain = { ...fresh, keepMarkup: false, reparse: undefined };
    repairSeparately(written, run.start, run.end, [fresh, plain], reparse);
    if (check()) continue;
    rewrite(written, run.start, run.end, plain);
    if (check()) continue;
    rewrite(written, windowStart, windowEnd, plain);
    if (!check()) {
      unverified++;
      }
  }
  return unverified;
}

function rewrittenRuns(written: readonly WrittenChild[]): Array<{ start: number; end: number }> {
  const runs: Array<{ start: number; end: number }> = [];
  written.forEach((child, index) => {
    const rewritten = child.match.status !== 'same' || (index > 0 && !child.gapFromSource);
    if (!rewritten) return;
    const last = runs[runs.length - 1];
    if (last && last.end === index) last.end = index + 1;
    else runs.push({ start: index, end: index + 1 });
  });
  return runs;
}

function windowParses(written: readonly WrittenChild[], start: number, end: number, reparse: ReparseContext): boolean {
  // Front matter is raw text and only counts as such at the very start: leave it out.
  const slice = written.slice(start, end).filter((child) => child.match.node.type.name !== 'frontMatter');
  if (slice.length === 0) return true;
  const text = slice.map((child, index) => (index === 0 ? indentationOf(child) : child.gapBefore) + child.text).join('');
  return parsesAs(text, slice.map((child) => child.match.node), reparse);
}

/** Each block that does not even parse back on its own is written in the first way that does. */
function repairSeparately(
  written: WrittenChild[],
  start: number,
  end: number,
  attempts: readonly WriterContext[],
  reparse: ReparseContext,
): void {
  for (let index = start; index < end; index++) {
    const child = written[index]!;
    if (parsesAs(indentationOf(child) + child.text, [child.match.node], reparse)) continue;
    for (const attempt of attempts) {
      const text = writeFreshBlock(child.match.node, '', attempt);
      if (parsesAs(text, [child.match.node], reparse)) {
        written[index] = { ...child, text, gapBefore: withoutIndentation(child.gapBefore) };
        break;
      }
    }
  }
}

function rewrite(written: WrittenChild[], start: number, end: number, context: WriterContext): void {
  for (let index = start; index < end; index++) {
    const child = written[index]!;
    if (isEmptyParagraph(child.match.node)) continue;
    const text = writeFreshBlock(child.match.node, '', context);
    written[index] = { ...child, text, gapBefore: withoutIndentation(child.gapBefore) };
  }
}


/**
 * A block's source range starts after the indentation of its first line (`   ```js`), which is
 * part of the separator before it; for fenced code it decides how much indentation the content
 * loses, so it belongs to the block when the block is checked.
 */
function indentationOf(child: WrittenChild): string {
  return /[ \t]*$/.exec(child.gapBefore)![0];
}

/** A block written anew starts at the margin: the old block's indentation does not fit it. */
function withoutIndentation(gap: string): string {
  return gap.replace(/[ \t]+$/, '');
}

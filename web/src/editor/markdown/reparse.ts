import { minimalChange } from '../../lib/minimalChange';
import { parseMarkdown, parsedDocOf, shiftBlock } from './parse';
import type { ParsedDoc, SourceBlock } from './types';

/** The result of re-parsing only what a change touched: the new parse and which top-level blocks it replaced. */
export interface Reparsed {
  parsed: ParsedDoc;
  /** Index of the first top-level block of the previous parse that was replaced. */
  first: number;
  /** How many top-level blocks of the previous parse were replaced (0: blocks were only added). */
  removed: number;
  /** The blocks that take their place, with offsets in the new text. */
  added: readonly SourceBlock[];
}

const BOM = '\uFEFF';

/**
 * The parse of `next` from the parse of the text it was changed from, parsing only the top-level
 * blocks the change touches plus one unchanged block on each side. Those two must come out as they
 * were, where they were: markdown is parsed forward, so the blocks before the window cannot change,
 * and a window that ends in the same block at the same place leaves the parser in the same state
 * for the unchanged text after it. Null when that cannot be shown (then parse the whole text):
 * a window with `[` (reference definitions and footnotes are document-wide), a byte order mark,
 * a document of fewer than three blocks, or sentinels that came out differently.
 */
export function reparseChange(previous: ParsedDoc, next: string): Reparsed | null {
  const before = previous.source;
  if (before.startsWith(BOM) || next.startsWith(BOM)) return null;
  const blocks = previous.root.children ?? [];
  if (blocks.length < 3 || previous.root.node.childCount !== blocks.length) return null;
  const change = minimalChange(before, next);
  const delta = next.length - before.length;
  // the blocks the change touches: first..last (first > last when it only adds between two blocks)
  let first = blocks.findIndex((block) => block.end >= change.from);
  if (first === -1) first = blocks.length;
  let last = blocks.length - 1;
  while (last >= 0 && blocks[last]!.start > change.to) last--;
  const lead = first > 0 ? first - 1 : null;
  const trail = last + 1 < blocks.length ? last + 1 : null;
  // from the start of the leading sentinel's line (its indentation belongs to it), else the start of the text
  const windowStart = lead === null ? 0 : before.lastIndexOf('\n', blocks[lead]!.start - 1) + 1;
  const windowEnd = trail === null ? next.length : blocks[trail]!.end + delta;
  if (lead !== null && !/^[ \t]*$/.test(before.slice(windowStart, blocks[lead]!.start))) return null;
  const window = next.slice(windowStart, windowEnd);
  if (window.includes('[') || before.slice(windowStart, windowEnd - delta).includes('[')) return null;
  const windowParse = parseMarkdown(window);
  const parts = windowParse.root.children ?? [];
  if (windowParse.root.node.childCount !== parts.length) return null;
  const same = (part: SourceBlock | undefined, block: SourceBlock, shift: number) =>
    part !== undefined && part.start + windowStart === block.start + shift && part.end + windowStart === block.end + shift && part.node.eq(block.node);
  if (lead !== null && !same(parts[0], blocks[lead]!, 0)) return null;
  if (trail !== null && !same(parts[parts.length - 1], blocks[trail]!, delta)) return null;
  const added = parts.slice(lead === null ? 0 : 1, trail === null ? parts.length : parts.length - 1).map((part) => shiftBlock(part, windowStart));
  const removed = Math.max(0, last - first + 1);
  const children = [...blocks.slice(0, first), ...added, ...blocks.slice(first + removed).map((block) => shiftBlock(block, delta))];
  // the schema needs a block after front matter: the whole parse adds one, so leave that to it
  if (children.every((block) => block.node.type.name === 'frontMatter')) return null;
  const root: SourceBlock = { node: previous.root.node.type.create(previous.root.node.attrs, children.map((block) => block.node)), start: 0, end: next.length, children };
  return { parsed: parsedDocOf(next, root), first, removed, added };
}

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { alignEnds, alignMiddle, matchesOf, sameMatch, type AlignedEnds, type ChildMatch } from './alignChildren';
import { planSeparations } from './blockSeparation';
import { gapBetween, isEmptyParagraph, sliceOf, writeBlock, type WrittenChild } from './containerWriter';
import { holdsDefinitions } from './definitionNodes';
import { documentContext, leadingBytes, trailingBytes, type DocumentContext } from './documentContext';
import type { SerializeResult } from './serialize';
import { NOTHING_STALE } from './staleReferences';
import type { ParsedDoc } from './types';
import { verifyAndRepair } from './verifyWritten';

/**
 * One write of an editor document over its parse, per top-level block. An unchanged block far
 * enough from every changed one is "pristine": written as its source bytes, after the source's
 * separator, and never touched by a repair (repairs reach one block beyond a rewritten stretch).
 */
interface TopLevelWrite {
  readonly doc: ProseMirrorNode;
  readonly context: DocumentContext;
  readonly ends: AlignedEnds;
  /** Per top-level block. */
  readonly matches: readonly ChildMatch[];
  /** Per top-level block: as written, or undefined when not written (an empty paragraph). */
  readonly entries: readonly (WrittenChild | undefined)[];
  /** Per top-level block: where its text starts in `result.markdown` (-1 when not written). */
  readonly starts: readonly number[];
  /** The top-level blocks this write wrote (the others were taken from the write before). */
  readonly range: { readonly from: number; readonly to: number };
  readonly result: SerializeResult;
}

/** The last write over each parse: editor states share unchanged blocks, so the next write starts from it. */
const lastWrites = new WeakMap<ParsedDoc, TopLevelWrite>();

/**
 * Writes `doc` over `parsed`, reusing the source bytes of unchanged blocks. After a first write,
 * a write of a later version of the document only writes the blocks from the first that changed
 * to the last (plus the neighbours a check of them reads) and splices them into the last text:
 * the result is what writing the whole document gives, at the cost of the edit.
 */
export function writeOverParse(doc: ProseMirrorNode, parsed: ParsedDoc): SerializeResult {
  const last = lastWrites.get(parsed);
  if (last?.doc === doc) return last.result;
  const write = (last && writeChanged(last, doc, parsed)) ?? writeAll(doc, parsed);
  lastWrites.set(parsed, write);
  return write.result;
}

/** Which top-level blocks the last write over `parsed` wrote, of how many (what a hand-over cost). */
export function lastWriteRange(parsed: ParsedDoc): { from: number; to: number; blocks: number } | undefined {
  const last = lastWrites.get(parsed);
  return last && { ...last.range, blocks: last.matches.length };
}

const isWritten = (match: ChildMatch) => match.status === 'same' || !isEmptyParagraph(match.node);

interface WrittenRange {
  /** Per block of the range. */
  readonly entries: (WrittenChild | undefined)[];
  /** The written ones, in order. */
  readonly written: WrittenChild[];
  readonly unverified: number;
}

/**
 * Writes blocks `[from, to)` as `writeChildren` writes a document's children. `from` is 0 or
 * follows a pristine block; `to` is the end or lies beyond every block whose separation plan or
 * repair could differ from a pristine one.
 */
function writeRange(doc: ProseMirrorNode, matches: readonly ChildMatch[], from: number, to: number, context: DocumentContext): WrittenRange {
  const range = matches.slice(from, to);
  const overrides = planSeparations(range, context.writer.conventions, (index) => isWritten(range[index]!));
  const entries: (WrittenChild | undefined)[] = [];
  const written: WrittenChild[] = [];
  const writtenAt: number[] = [];
  let previous = from > 0 ? matches[from - 1] : undefined;
  range.forEach((match, index) => {
    if (!isWritten(match)) {
      entries.push(undefined);
      return;
    }
    const override = overrides.get(index);
    const text = match.status === 'same' && override === undefined ? sliceOf(match.original!, context.writer) : writeBlock(match, '', context.writer, override);
    const entry: WrittenChild = { match, text, ...gapBetween(previous, match, doc, '', context.writer) };
    previous = match;
    entries.push(entry);
    writtenAt.push(index);
    written.push(entry);
  });
  const unverified = verifyAndRepair(written, context.writer, context.reparse);
  written.forEach((entry, index) => (entries[writtenAt[index]!] = entry));
  return { entries, written, unverified };
}

const joined = (written: readonly WrittenChild[]) => written.map((child) => child.gapBefore + child.text).join('');

function rewrittenIn(written: readonly WrittenChild[]): number {
  return written.filter((child) => child.match.status !== 'same').length;
}

function startsFrom(entries: readonly (WrittenChild | undefined)[], offset: number, into: number[]): number {
  let at = offset;
  for (const entry of entries) {
    if (!entry) {
      into.push(-1);
      continue;
    }
    at += entry.gapBefore.length;
    into.push(at);
    at += entry.text.length;
  }
  return at;
}

function writeAll(doc: ProseMirrorNode, parsed: ParsedDoc): TopLevelWrite {
  const context = documentContext(doc, parsed, true);
  const current = doc.children;
  const originals = parsed.root.children ?? [];
  const ends = alignEnds(current, originals);
  const matches = withStaleness(matchesOf(current, originals, ends), context);
  const { entries, written, unverified } = writeRange(doc, matches, 0, matches.length, context);
  const body = joined(written);
  const starts: number[] = [];
  if (body === '' && originals.length === 0) {
    startsFrom(entries, 0, starts);
    return { doc, context, ends, matches, entries, starts, range: { from: 0, to: matches.length }, result: { markdown: parsed.source, rewrittenBlocks: 0, unverifiedStretches: unverified, blockStarts: [] } };
  }
  const leading = body === '' ? '' : leadingBytes(body, written[0], parsed, true, context.writer);
  const markdown = body === '' ? '' : leading + body + trailingBytes(written[written.length - 1], parsed, true, context.writer);
  startsFrom(entries, leading.length, starts);
  const result = { markdown, rewrittenBlocks: rewrittenIn(written), unverifiedStretches: unverified, blockStarts: starts.filter((start) => start >= 0) };
  return { doc, context, ends, matches, entries, starts, range: { from: 0, to: matches.length }, result };
}

/** An unchanged block that uses a definition that changed reads differently now: it is written anew. */
function withStaleness(matches: ChildMatch[], context: DocumentContext): ChildMatch[] {
  const stale = context.writer.staleReference;
  if (stale === NOTHING_STALE) return matches;
  return matches.map((match) => (match.status === 'same' && stale(match.node) ? { ...match, status: 'modified' as const } : match));
}

/**
 * The write of `doc` from the last write of an earlier version, or undefined where that is not
 * known to give the same text (definitions changed, edits at the very start, no common blocks).
 */
function writeChanged(last: TopLevelWrite, doc: ProseMirrorNode, parsed: ParsedDoc): TopLevelWrite | undefined {
  if (last.context.writer.staleReference !== NOTHING_STALE) return undefined;
  const originals = parsed.root.children ?? [];
  const before = last.doc.children;
  const current = doc.children;
  const common = Math.min(before.length, current.length);
  let same = 0;
  while (same < common && before[same] === current[same]) same++;
  let sameAtEnd = 0;
  while (sameAtEnd < common - same && before[before.length - 1 - sameAtEnd] === current[current.length - 1 - sameAtEnd]) sameAtEnd++;
  if (originals.length === 0 || same + sameAtEnd === 0) return undefined;
  // the definitions (and so every reference's meaning) stay those of the last write
  for (let index = same; index < before.length - sameAtEnd; index++) if (holdsDefinitions(before[index]!)) return undefined;
  for (let index = same; index < current.length - sameAtEnd; index++) if (holdsDefinitions(current[index]!)) return undefined;

  // blocks unchanged since the last write and in its common head or tail are there again (a
  // document equal to its parse is all head and all tail)
  const lastTail = last.ends.head + last.ends.tail === before.length && before.length === originals.length ? before.length : last.ends.tail;
  const known = { head: Math.min(same, last.ends.head), tail: Math.min(sameAtEnd, lastTail) };
  const ends = alignEnds(current, originals, known);
  if (ends.tail < known.tail) return undefined;
  const shift = originals.length - current.length;
  const changed: ChildMatch[] = [];
  for (let index = known.head; index < ends.head; index++) changed.push(sameMatch(current[index]!, originals, index));
  changed.push(...alignMiddle(current, originals, ends));
  for (let index = current.length - ends.tail; index < current.length - known.tail; index++) changed.push(sameMatch(current[index]!, originals, index + shift));
  const matches = [...last.matches.slice(0, known.head), ...changed, ...last.matches.slice(before.length - known.tail)];

  // written anew: from the block before the first changed one to past where this write's or the last one's repairs could reach
  const moved = current.length - before.length;
  const from = Math.max(0, known.head - 1);
  const to = Math.min(current.length, Math.max(current.length - known.tail, current.length - lastTail + 2, current.length - ends.tail + 2));
  const range = writeRange(doc, matches, from, to, last.context);
  const text = joined(range.written);
  const lastWrittenBefore = (index: number) => {
    for (let at = index - 1; at >= 0; at--) if (at >= from ? range.entries[at - from] : last.entries[at]) return at >= from ? range.entries[at - from] : last.entries[at];
    return undefined;
  };

  let prefix: string;
  if (from > 0) {
    const before = last.entries[from - 1]!;
    prefix = last.result.markdown.slice(0, last.starts[from - 1]! + before.text.length);
  } else {
    if (range.written.length === 0) return undefined;
    prefix = '';
  }
  let suffix: string;
  let gapAfter = '';
  if (to < current.length) {
    gapAfter = gapBetween(lastWrittenBefore(to)?.match, matches[to]!, doc, '', last.context.writer).gapBefore;
    suffix = gapAfter + last.result.markdown.slice(last.starts[to - moved]!);
  } else {
    suffix = trailingBytes(lastWrittenBefore(to), parsed, true, last.context.writer);
  }
  if (from === 0) {
    // the front matter rule reads the first line of the text
    const head = text + suffix.slice(0, 256);
    if (/^(---|\+\+\+)[ \t]*$/.test(head)) return undefined;
    prefix = leadingBytes(head, range.written[0], parsed, true, last.context.writer);
  }
  const markdown = prefix + text + suffix;

  const starts = last.starts.slice(0, from);
  const rangeEnd = startsFrom(range.entries, prefix.length, starts);
  if (to < current.length) {
    const delta = rangeEnd + gapAfter.length - last.starts[to - moved]!;
    for (let index = to - moved; index < before.length; index++) {
      const start = last.starts[index]!;
      starts.push(start < 0 ? -1 : start + delta);
    }
  }
  const entries = [...last.entries.slice(0, from), ...range.entries, ...last.entries.slice(to - moved)];
  const result = { markdown, rewrittenBlocks: rewrittenIn(range.written), unverifiedStretches: range.unverified, blockStarts: starts.filter((start) => start >= 0) };
  return { doc, context: last.context, ends, matches, entries, starts, range: { from, to }, result };
}

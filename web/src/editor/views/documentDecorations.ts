import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import type { Step } from '@tiptap/pm/transform';
import { DecorationSet, type Decoration } from '@tiptap/pm/view';

/**
 * How one kind of decoration is drawn, a top-level block at a time: a change redraws only the
 * blocks it touched and maps the rest.
 */
export interface BlockDrawer<Context = undefined> {
  /** A fresh context for a pass over `doc`, handed to every block drawn in that pass, in order. */
  context(doc: ProseMirrorNode): Context;
  draw(block: ProseMirrorNode, pos: number, context: Context): Decoration[];
  /**
   * The blocks whose decorations depend on the blocks before them (a repeated heading's numbered
   * id): a change to one of them, before or after, redraws the whole document.
   */
  ordered?: (block: ProseMirrorNode) => boolean;
  /**
   * For an ordered drawer: takes a block into the context without drawing it. With it, a change
   * redraws from the first block it touched to the end instead of the whole document (the blocks
   * before only count), which is what a progressive open's slices, changing ever later blocks, need.
   */
  skip?: (block: ProseMirrorNode, context: Context) => void;
}

/** Calls `enter` on a block and its descendants, at their document positions; `false` skips the children. */
export function visit(block: ProseMirrorNode, pos: number, enter: (node: ProseMirrorNode, pos: number) => boolean): void {
  if (enter(block, pos)) block.descendants((node, offset) => enter(node, pos + 1 + offset));
}

export function drawDocument<Context>(doc: ProseMirrorNode, drawer: BlockDrawer<Context>): DecorationSet {
  const context = drawer.context(doc);
  const decorations: Decoration[] = [];
  doc.forEach((block, pos) => {
    decorations.push(...drawer.draw(block, pos, context));
  });
  return DecorationSet.create(doc, decorations);
}

type Range = readonly [from: number, to: number];

/** What a transaction changed, in the document before it and after it. */
function changedRanges(tr: Transaction): { before: Range[]; after: Range[] } {
  const before: Range[] = [];
  const after: Range[] = [];
  tr.mapping.maps.forEach((map, index) => {
    const toAfter = tr.mapping.slice(index + 1);
    const toBefore = tr.mapping.slice(0, index).invert();
    let mapped = false;
    map.forEach((oldStart, oldEnd, newStart, newEnd) => {
      mapped = true;
      after.push([toAfter.map(newStart, -1), toAfter.map(newEnd, 1)]);
      before.push([toBefore.map(oldStart, -1), toBefore.map(oldEnd, 1)]);
    });
    if (mapped) return;
    // mark and attribute steps change no positions, so their map is empty
    const { from, to, pos } = tr.steps[index] as Step & { from?: number; to?: number; pos?: number };
    const start = from ?? pos;
    if (start === undefined) return;
    const end = to ?? start + 1;
    after.push([toAfter.map(start, -1), toAfter.map(end, 1)]);
    before.push([toBefore.map(start, -1), toBefore.map(end, 1)]);
  });
  return { before, after };
}

/** The top-level blocks a range touches, a block ending or starting at its edge included. */
function blocksAcross(doc: ProseMirrorNode, [from, to]: Range, into: Map<number, ProseMirrorNode>): void {
  const size = doc.content.size;
  const $from = doc.resolve(Math.max(0, Math.min(from, size)));
  let index = $from.index(0);
  if ($from.depth === 0 && index > 0) index--;
  let pos = $from.posAtIndex(index, 0);
  for (; index < doc.childCount && pos <= to; index++) {
    const block = doc.child(index);
    into.set(pos, block);
    pos += block.nodeSize;
  }
}

/** The top-level blocks `tr` touched, by position: `before` in the document before it, `after` in the one after. */
export function touchedBlocks(tr: Transaction): { before: Map<number, ProseMirrorNode>; after: Map<number, ProseMirrorNode> } {
  const ranges = changedRanges(tr);
  const before = new Map<number, ProseMirrorNode>();
  const after = new Map<number, ProseMirrorNode>();
  for (const range of ranges.after) blocksAcross(tr.doc, range, after);
  for (const range of ranges.before) blocksAcross(tr.before, range, before);
  return { before, after };
}

/** The decorations after `tr`: the old set mapped, the touched blocks drawn again. */
export function redrawChanged<Context>(drawer: BlockDrawer<Context>, set: DecorationSet, tr: Transaction): DecorationSet {
  if (!tr.docChanged) return set;
  const { before, after: touched } = touchedBlocks(tr);
  if (drawer.ordered && [...touched.values(), ...before.values()].some(drawer.ordered)) {
    return drawer.skip ? redrawFrom(drawer, set, tr, Math.min(...touched.keys(), ...[...before.keys()].map((pos) => tr.mapping.map(pos, -1)))) : drawDocument(tr.doc, drawer);
  }
  let mapped = set.map(tr.mapping, tr.doc);
  const context = drawer.context(tr.doc);
  const drawn: Decoration[] = [];
  for (const [pos, block] of touched) {
    const end = pos + block.nodeSize;
    mapped = mapped.remove(mapped.find(pos, end).filter((decoration) => drawnFor(decoration, pos, end)));
    drawn.push(...drawer.draw(block, pos, context));
  }
  return mapped.add(tr.doc, drawn);
}

/**
 * Whether a mapped decoration is one the block at `pos`..`end` draws again: one inside it, or one
 * reaching into it across its edge — an old decoration that a split stretched over the boundary it
 * made (both blocks it now spans are touched, their redraw replaces it). A widget on the edge of a
 * neighbour is not: only that neighbour's redraw replaces it.
 */
function drawnFor(decoration: Decoration, pos: number, end: number): boolean {
  return (decoration.from >= pos && decoration.to <= end) || (decoration.from < end && decoration.to > pos);
}

/** The decorations after `tr` of an ordered drawer: the blocks before `from` only counted, the rest drawn again. */
function redrawFrom<Context>(drawer: BlockDrawer<Context>, set: DecorationSet, tr: Transaction, from: number): DecorationSet {
  const doc = tr.doc;
  const mapped = set.map(tr.mapping, doc);
  const context = drawer.context(doc);
  const drawn: Decoration[] = [];
  let start = doc.content.size;
  doc.forEach((block, pos) => {
    if (pos + block.nodeSize <= from) return drawer.skip!(block, context);
    start = Math.min(start, pos);
    drawn.push(...drawer.draw(block, pos, context));
  });
  return mapped.remove(mapped.find(start, doc.content.size).filter((decoration) => decoration.from >= start)).add(doc, drawn);
}

/**
 * An extension whose decorations are drawn from the document's top-level blocks (alerts, heading
 * anchors, paired inline HTML, soft line breaks, footnote numbers); an edit redraws the blocks it touched.
 */
export function documentDecorations<Context>(name: string, drawer: BlockDrawer<Context>): Extension {
  return Extension.create({
    name,
    addProseMirrorPlugins() {
      const key = new PluginKey<DecorationSet>(name);
      return [
        new Plugin<DecorationSet>({
          key,
          state: {
            init: (_, state) => drawDocument(state.doc, drawer),
            apply: (tr, set) => redrawChanged(drawer, set, tr),
          },
          props: { decorations: (state) => key.getState(state) },
        }),
      ];
    },
  });
}

import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { opensFind } from '../../lib/findShortcut';
import { BlockHeights, type ShownRange } from './blockHeights';

export type { ShownRange } from './blockHeights';

/**
 * Every top-level block has `content-visibility: auto` (app.css), so blocks off screen skip
 * paint. But each of them still has a box: at 10k lines (~2,750 blocks) the layout that every
 * keystroke's selection update forces (`Selection.collapse`) walked all of them, and Chromium's
 * intersection observer for `auto` looked at all of them on every frame. In a large document this
 * takes the blocks far from the viewport and the caret out of layout (`display: none`), so a
 * keystroke's layout follows the window, not the document. The first block after each hidden run
 * gets a top margin of the hidden blocks' remembered sizes (`blockHeights.ts`), so the scroll
 * height and the place of every shown block stay what they were; scrolling into a hidden run shows
 * its blocks in the frame of the scroll, before it paints. Done with one style sheet of
 * `:nth-child` ranges, never with attributes on the blocks, which are ProseMirror's DOM. The
 * document's first and last blocks stay laid out (Ctrl+Home/End, select all). While the browser's
 * find bar or print needs the whole text, nothing is hidden. Hidden blocks are not in the
 * accessibility tree, as with `content-visibility: hidden` before.
 */

/** Below this many top-level blocks, `auto` on all of them is cheap enough. */
export const OFFSCREEN_MIN_BLOCKS = 600;
/** Blocks kept `auto` on each side of the viewport's blocks, and of the caret's block. */
const VIEWPORT_MARGIN = 80;
const CARET_MARGIN = 10;
const EDGE_BLOCKS = 10;

/** A hidden run and the margin above the block after it that keeps that block in place. */
export interface Spacer {
  readonly hidden: ShownRange;
  readonly px: number;
}

/** `ranges` clipped to `[1, count]`, with the document's edges, merged and ascending. */
export function shownRuns(ranges: readonly ShownRange[], count: number): ShownRange[] {
  const all = [{ first: 1, last: EDGE_BLOCKS }, { first: count - EDGE_BLOCKS + 1, last: count }, ...ranges]
    .map(({ first, last }) => ({ first: Math.max(1, first), last: Math.min(count, last) }))
    .filter(({ first, last }) => first <= last)
    .sort((a, b) => a.first - b.first);
  const runs: ShownRange[] = [];
  for (const range of all) {
    const previous = runs[runs.length - 1];
    if (previous && range.first <= previous.last + 1) runs[runs.length - 1] = { first: previous.first, last: Math.max(previous.last, range.last) };
    else runs.push(range);
  }
  return runs;
}

/** The children between the shown runs (`shownRuns`). */
export function hiddenRuns(runs: readonly ShownRange[]): ShownRange[] {
  return runs.slice(1).map((run, at) => ({ first: runs[at]!.last + 1, last: run.first - 1 }));
}

/** The rule that takes every child of the editor out of layout whose position is in none of `runs`, and the spacers' margins. */
export function offscreenRule(editorSelector: string, runs: readonly ShownRange[], spacers: readonly Spacer[]): string {
  const keep = runs.map(({ first, last }) => `:not(:nth-child(n+${first}):nth-child(-n+${last}))`).join('');
  // the document's first and last blocks stay laid out even while a block is inserted before them
  const edges = `:not(:nth-child(-n+${EDGE_BLOCKS})):not(:nth-last-child(-n+${EDGE_BLOCKS}))`;
  const margins = spacers.map(({ hidden, px }) => `\n${editorSelector} > :nth-child(${hidden.last + 1}) { margin-top: ${px.toFixed(1)}px !important; }`);
  return `${editorSelector} > *${edges}${keep} { display: none; }${margins.join('')}`;
}

/** Whether `range` still has `margin` blocks beyond `[first, last]` on both sides (or reaches the document's end there). */
export function covers(range: ShownRange | null, first: number, last: number, margin: number, count: number): boolean {
  if (!range) return false;
  const before = first - range.first >= margin || range.first <= 1;
  const after = range.last - last >= margin || range.last >= count;
  return before && after && range.first <= first && range.last >= last;
}

let nextEditorId = 1;

/** The 1-based position among the editor's DOM children of the top-level block holding the caret. */
function caretChild(view: EditorView): number | null {
  const $head = view.state.selection.$head;
  if ($head.depth === 0) return null;
  const index = $head.index(0);
  const block = view.nodeDOM($head.before(1));
  const children = view.dom.children;
  // top-level widgets (rare) shift DOM positions against ProseMirror's
  if (children[index] === block) return index + 1;
  const at = Array.prototype.indexOf.call(children, block);
  return at < 0 ? null : at + 1;
}

class OffscreenBlocksView {
  private readonly style = document.createElement('style');
  private readonly scroller: HTMLElement;
  private readonly selector: string;
  private readonly heights = new BlockHeights();
  private viewport: ShownRange | null = null;
  private caret: ShownRange | null = null;
  /** The children laid out under the applied rule (1-based, merged), and how many children there were; null while nothing is hidden. */
  private runs: ShownRange[] | null = null;
  private appliedCount = 0;
  private suspended = false;
  private frame = 0;
  private rule = '';

  constructor(private readonly view: EditorView, id: number) {
    this.selector = `[data-offscreen-blocks="${id}"]`;
    this.scroller = (view.dom.closest('.wysiwyg-host') as HTMLElement | null) ?? view.dom.parentElement ?? view.dom;
    document.head.append(this.style);
    this.scroller.addEventListener('scroll', this.schedule, { passive: true });
    window.addEventListener('resize', this.schedule);
    window.addEventListener('keydown', this.onKey, { capture: true });
    window.addEventListener('beforeprint', this.suspend);
    window.addEventListener('afterprint', this.resume);
    view.dom.addEventListener('pointerdown', this.resume);
    this.schedule();
  }

  update(): void {
    const count = this.view.dom.childElementCount;
    if (this.suspended || count < OFFSCREEN_MIN_BLOCKS) {
      if (!this.suspended) this.apply(null, null);
      return;
    }
    // before ProseMirror scrolls the selection into view, its block must be laid out
    const caret = caretChild(this.view);
    if (caret !== null && !covers(this.caret, caret, caret, CARET_MARGIN / 2, count)) {
      this.apply(this.viewport, { first: caret - CARET_MARGIN, last: caret + CARET_MARGIN });
    } else if (this.runs && count !== this.appliedCount) {
      // blocks inserted or removed shift the positions the rule names: its spacers are measured again
      this.apply(this.viewport, this.caret);
    }
    if (!this.viewport) this.schedule();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.style.remove();
    this.scroller.removeEventListener('scroll', this.schedule);
    window.removeEventListener('resize', this.schedule);
    window.removeEventListener('keydown', this.onKey, { capture: true });
    window.removeEventListener('beforeprint', this.suspend);
    window.removeEventListener('afterprint', this.resume);
    this.view.dom.removeEventListener('pointerdown', this.resume);
  }

  private readonly schedule = (): void => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.followViewport();
    });
  };

  private followViewport(): void {
    const count = this.view.dom.childElementCount;
    if (this.suspended || count < OFFSCREEN_MIN_BLOCKS || !this.view.dom.isConnected) return this.update();
    const view = this.scroller.getBoundingClientRect();
    const children = this.view.dom.children;
    const { first, last } = this.heights.childrenBetween(children, this.runs ?? [{ first: 1, last: count }], view.top, view.bottom);
    if (covers(this.viewport, first, last, VIEWPORT_MARGIN / 2, count)) return;
    this.apply({ first: first - VIEWPORT_MARGIN, last: last + VIEWPORT_MARGIN }, this.caret);
  }

  private apply(viewport: ShownRange | null, caret: ShownRange | null): void {
    this.viewport = viewport;
    this.caret = caret;
    const shown = [viewport, caret].filter((range): range is ShownRange => range !== null);
    const children = this.view.dom.children;
    const count = children.length;
    let rule = '';
    let runs: ShownRange[] | null = null;
    if (shown.length > 0) {
      // what is laid out now is measured before it may be hidden
      this.heights.measure(children, this.runs ?? [{ first: 1, last: count }]);
      runs = shownRuns(shown, count);
      const spacers = hiddenRuns(runs).map((hidden) => ({ hidden, px: this.heights.spacer(children, hidden) }));
      rule = offscreenRule(this.selector, runs, spacers);
    }
    this.runs = runs;
    this.appliedCount = count;
    if (rule !== this.rule) this.style.textContent = this.rule = rule;
  }

  /** Ctrl/Cmd+F (or +G, F3) opens the browser's find bar, which only finds text that is not hidden. */
  private readonly onKey = (event: KeyboardEvent): void => {
    if (opensFind(event)) this.suspend();
    else if (this.suspended && this.view.hasFocus()) this.resume();
  };

  private readonly suspend = (): void => {
    this.suspended = true;
    this.apply(null, null);
  };

  private readonly resume = (): void => {
    if (!this.suspended) return;
    this.suspended = false;
    this.viewport = this.caret = null;
    this.followViewport();
    this.update();
  };
}

/** Hides the top-level blocks far from the viewport and the caret in large documents (see above). */
export const OffscreenBlocks = Extension.create({
  name: 'offscreenBlocks',
  addProseMirrorPlugins() {
    const id = nextEditorId++;
    return [
      new Plugin({
        key: new PluginKey('offscreenBlocks'),
        props: { attributes: { 'data-offscreen-blocks': String(id) } },
        view: (view) => new OffscreenBlocksView(view, id),
      }),
    ];
  },
});

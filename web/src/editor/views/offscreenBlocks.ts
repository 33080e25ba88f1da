import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { opensFind } from '../../lib/findShortcut';
import { partitionPoint } from '../../lib/partitionPoint';

/**
 * Every top-level block has `content-visibility: auto` (app.css), so blocks off screen skip
 * layout and paint. But Chromium decides what is on screen with an intersection observer over
 * every such block, on every frame: at 10k lines (~2,750 blocks) that was most of a keystroke.
 * In a large document, this leaves `auto` only on the blocks around the viewport and around the
 * caret and turns the rest `hidden` (they keep their remembered size), so the per-frame work
 * follows the window, not the document. Done with one style rule of `:nth-child` ranges, never
 * with attributes on the blocks, which are ProseMirror's DOM. While the browser's find bar or
 * print needs the whole text, nothing is hidden.
 */

/** Below this many top-level blocks, `auto` on all of them is cheap enough. */
export const OFFSCREEN_MIN_BLOCKS = 600;
/** Blocks kept `auto` on each side of the viewport's blocks, and of the caret's block. */
const VIEWPORT_MARGIN = 80;
const CARET_MARGIN = 10;
const EDGE_BLOCKS = 10;

/** A range of DOM children, 1-based and inclusive like `:nth-child`. */
export interface ShownRange {
  readonly first: number;
  readonly last: number;
}

/** The rule that hides every child of the editor whose position is in none of `shown`. */
export function offscreenRule(editorSelector: string, shown: readonly ShownRange[]): string {
  const keep = shown.map(({ first, last }) => `:not(:nth-child(n+${Math.max(1, first)}):nth-child(-n+${last}))`).join('');
  // the document's first and last blocks stay laid out: Ctrl+Home/End move the browser's caret there
  const edges = `:not(:nth-child(-n+${EDGE_BLOCKS})):not(:nth-last-child(-n+${EDGE_BLOCKS}))`;
  return `${editorSelector} > *${edges}${keep} { content-visibility: hidden; }`;
}

/** Whether `range` still has `margin` blocks beyond `[first, last]` on both sides (or reaches the document's end there). */
export function covers(range: ShownRange | null, first: number, last: number, margin: number, count: number): boolean {
  if (!range) return false;
  const before = first - range.first >= margin || range.first <= 1;
  const after = range.last - last >= margin || range.last >= count;
  return before && after && range.first <= first && range.last >= last;
}

let nextEditorId = 1;

/** The 1-based positions of the first and last children that intersect the scroller's viewport (binary search, a few layout reads). */
function viewportChildren(dom: HTMLElement, scroller: HTMLElement): ShownRange {
  const children = dom.children;
  const view = scroller.getBoundingClientRect();
  const firstBelow = (y: number, edge: 'top' | 'bottom') => partitionPoint(children.length, (index) => children[index]!.getBoundingClientRect()[edge] < y);
  const first = firstBelow(view.top, 'bottom');
  const last = Math.max(first, firstBelow(view.bottom, 'top') - 1);
  return { first: first + 1, last: last + 1 };
}

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
  private viewport: ShownRange | null = null;
  private caret: ShownRange | null = null;
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
    if (this.suspended || this.view.dom.childElementCount < OFFSCREEN_MIN_BLOCKS) {
      if (!this.suspended) this.apply(null, null);
      return;
    }
    // before ProseMirror scrolls the selection into view, its block must be laid out
    const caret = caretChild(this.view);
    if (caret !== null && !covers(this.caret, caret, caret, CARET_MARGIN / 2, this.view.dom.childElementCount)) {
      this.apply(this.viewport, { first: caret - CARET_MARGIN, last: caret + CARET_MARGIN });
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
    const { first, last } = viewportChildren(this.view.dom, this.scroller);
    if (covers(this.viewport, first, last, VIEWPORT_MARGIN / 2, count)) return;
    this.apply({ first: first - VIEWPORT_MARGIN, last: last + VIEWPORT_MARGIN }, this.caret);
  }

  private apply(viewport: ShownRange | null, caret: ShownRange | null): void {
    this.viewport = viewport;
    this.caret = caret;
    const shown = [viewport, caret].filter((range): range is ShownRange => range !== null);
    const rule = shown.length > 0 ? offscreenRule(this.selector, shown) : '';
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

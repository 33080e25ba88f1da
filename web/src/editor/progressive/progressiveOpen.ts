import type { Editor, JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { ParsedDoc } from '../markdown/types';
import { opensFind } from '../../lib/findShortcut';
import { testFaults } from '../../lib/testFaults';
import { ChunkedParse, type ProgressiveChunks } from './chunkedParse';
import { newlines, type Chunk } from './chunks';
import { KeptChunks } from './keptChunks';
import { placeholdersInView } from './inView';

/** Documents over either size open progressively; smaller ones are parsed whole, as that is fast enough. */
export const PROGRESSIVE_MIN_LINES = 1000;
export const PROGRESSIVE_MIN_CHARS = 64 * 1024;
/** Lines parsed before the editor shows the document: more than a tall window holds. */
const FIRST_SCREEN_LINES = 150;
/** Lines a chunk has at least (fewer, larger parses cost less than many small ones). */
const CHUNK_MIN_LINES = 40;
/** Time one background slice may parse for while the person is active, so that typing is never held up for long. */
const SLICE_MS = 30;
/**
 * …and once they have not typed, clicked or scrolled for `IDLE_AFTER_MS`: each slice's transaction
 * costs the editor a pass over the top-level blocks, so fewer, larger slices finish sooner.
 */
const IDLE_SLICE_MS = 100;
const IDLE_AFTER_MS = 1000;
/** What counts as the person being active. */
const ACTIVITY = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

const STEP_META = 'vmarkProgressiveParse';
/** Input that may change the document where the selection is. */
const GUARDED_INPUT = ['keydown', 'beforeinput', 'paste', 'drop', 'cut', 'compositionstart'] as const;
/** Keys that only move the cursor or scroll. */
const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Shift', 'Control', 'Alt', 'Meta', 'Escape', 'CapsLock']);
/** Ctrl/Cmd shortcuts that do not change the document: copy, select all, find, save. */
const READING_SHORTCUTS = new Set(['c', 'a', 'f', 's']);

/** Whether `content` is large enough to open progressively. */
export function opensProgressively(content: string): boolean {
  if (content.length > PROGRESSIVE_MIN_CHARS) return true;
  let lines = 0;
  for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) {
    if (++lines >= PROGRESSIVE_MIN_LINES) return true;
  }
  return false;
}

/** A transaction that only put parsed blocks in place of their source: not an edit, not a history step. */
export function isProgressiveStep(transaction: Transaction): boolean {
  return transaction.getMeta(STEP_META) === true;
}

function lineCount(text: string, from?: number, to?: number): number {
  return Math.max(1, newlines(text, from, to));
}

/**
 * A large document opened in the WYSIWYG editor: the chunks that fill the first screen are parsed
 * before it is shown, the rest stand as `unparsedSource` placeholders that are replaced by their
 * blocks in the background, in slices. `complete()` finishes at once: whatever needs positions in
 * the whole document calls it first, so no answer depends on how far the background got.
 */
export class ProgressiveOpen {
  private readonly chunks: ProgressiveChunks;
  private editor: Editor | undefined;
  private scheduled: ReturnType<typeof setTimeout> | number | undefined;
  private stopped = false;
  private done: ParsedDoc | undefined;
  /** The editor's element while the background runs (its listeners go with `stop`). */
  private dom: HTMLElement | undefined;
  /** When the person last typed, clicked or scrolled. */
  private lastActive = 0;
  /** Blocks shown ahead of order (in view before the chunks before them were parsed), by their chunk's start. */
  private readonly ahead = new Map<ProseMirrorNode, number>();

  constructor(
    readonly source: string,
    private readonly onComplete: (parsed: ParsedDoc) => void,
    chunks?: ProgressiveChunks,
    private readonly firstScreenLines = FIRST_SCREEN_LINES,
  ) {
    this.chunks = chunks ?? new ChunkedParse(source, CHUNK_MIN_LINES);
  }

  /**
   * A parse kept from before shown the same way (first screen now, the rest put in place in the
   * background without parsing again), or undefined when it cannot be (see `KeptChunks.fits`).
   */
  static ofParse(kept: ParsedDoc, onComplete: (parsed: ParsedDoc) => void): ProgressiveOpen | undefined {
    return KeptChunks.fits(kept) ? new ProgressiveOpen(kept.source, onComplete, new KeptChunks(kept, CHUNK_MIN_LINES)) : undefined;
  }

  /** The document to show first: parsed blocks for the first screen, placeholders for the rest. */
  initialDoc(): JSONContent {
    const content: JSONContent[] = [];
    let lines = 0;
    let index = 0;
    for (; index < this.chunks.chunkRanges().length && lines < this.firstScreenLines; index++) {
      const { chunk, blocks } = this.chunks.parse(index);
      for (const block of blocks) content.push(block.node.toJSON() as JSONContent);
      lines += lineCount(this.source, chunk.start, chunk.end);
    }
    for (const chunk of this.chunks.chunkRanges().slice(index)) content.push(this.placeholder(chunk));
    if (content.length === 0 || content.every((node) => node.type === 'frontMatter')) content.push({ type: 'paragraph' });
    return { type: 'doc', content };
  }

  /** Where each top-level node starts in the source, while the parse is not complete (no edit handed over yet). */
  topLevelStarts(): number[] {
    return this.chunks.topLevelStarts();
  }

  /** Starts replacing placeholders in the background, in `editor`. */
  start(editor: Editor): void {
    this.editor = editor;
    this.dom = editor.view.dom;
    for (const type of GUARDED_INPUT) this.dom.addEventListener(type, this.guard, true);
    for (const type of ACTIVITY) this.dom.ownerDocument?.addEventListener(type, this.active, { capture: true, passive: true });
    this.dom.ownerDocument?.addEventListener('keydown', this.finding, true);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.scheduled !== undefined) {
      if (typeof cancelIdleCallback === 'function' && typeof this.scheduled === 'number') cancelIdleCallback(this.scheduled);
      else clearTimeout(this.scheduled);
    }
    this.scheduled = undefined;
    // also after the editor was destroyed: the listeners on the page must not keep this (and the text) alive
    const dom = this.dom;
    this.dom = undefined;
    if (!dom) return;
    for (const type of GUARDED_INPUT) dom.removeEventListener(type, this.guard, true);
    for (const type of ACTIVITY) dom.ownerDocument?.removeEventListener(type, this.active, { capture: true });
    dom.ownerDocument?.removeEventListener('keydown', this.finding, true);
  }

  private readonly active = (): void => {
    this.lastActive = performance.now();
  };

  /** The browser's find bar searches the DOM, where a placeholder has no text: the person's find finishes the parse first. */
  private readonly finding = (event: KeyboardEvent): void => {
    if (opensFind(event)) this.complete();
  };

  /** Parses all that is left and puts it in place now; the complete parse. */
  complete(): ParsedDoc {
    if (this.done) return this.done;
    this.stop();
    const editor = this.editor;
    for (let index = this.chunks.nextUnparsed(); index >= 0; index = this.chunks.nextUnparsed()) this.chunks.parse(index, editor?.schema);
    if (editor && !editor.isDestroyed) this.putInPlace(editor);
    return this.finish();
  }

  /** Parses the chunk that holds source offset `offset` (what the person scrolled or jumped to) and puts it in place now, ahead of the background's order. */
  showAt(offset: number): void {
    const editor = this.editor;
    if (this.done || !editor || editor.isDestroyed) return;
    const index = this.chunkAt(this.chunks.chunkRanges(), offset);
    if (index < 0 || this.chunks.isParsed(index)) return;
    this.chunks.parse(index, editor.schema);
    this.putInPlace(editor);
    if (this.chunks.nextUnparsed() < 0) this.finish();
  }

  /**
   * Input that would change a placeholder or blocks shown ahead of order (which a join with an
   * earlier chunk may still replace) finishes the parse first, so that no edit lands on them.
   */
  private readonly guard = (event: Event): void => {
    const editor = this.editor;
    if (this.done || !editor || editor.isDestroyed) return;
    if (event.type === 'keydown') {
      const key = event as KeyboardEvent;
      // the caret cannot stand in a placeholder: a jump to the document's end shows the end parsed first
      if (key.key === 'End' && key.ctrlKey) this.showAt(this.source.length - 1);
      if (NAVIGATION_KEYS.has(key.key) || ((key.ctrlKey || key.metaKey) && READING_SHORTCUTS.has(key.key.toLowerCase()))) return;
    }
    const { doc, selection } = editor.state;
    const from = selection.$from.index(0);
    const to = selection.$to.index(0);
    for (let index = from; index <= Math.min(to, doc.childCount - 1); index++) {
      const node = doc.child(index);
      if (node.type.name === 'unparsedSource' || this.ahead.has(node)) {
        this.complete();
        return;
      }
    }
  };

  private finish(): ParsedDoc {
    this.stop();
    this.done = this.chunks.result(this.editor?.schema);
    this.onComplete(this.done);
    return this.done;
  }

  private placeholder(chunk: Chunk): JSONContent {
    const raw = this.source.slice(chunk.start, chunk.end);
    return { type: 'unparsedSource', attrs: { raw, start: chunk.start, lines: lineCount(raw) } };
  }

  private schedule(): void {
    if (this.stopped) return;
    const run = () => {
      this.scheduled = undefined;
      this.slice();
    };
    this.scheduled = typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 100 }) : setTimeout(run, 0);
  }

  private slice(): void {
    const editor = this.editor;
    if (this.stopped || !editor || editor.isDestroyed) return;
    // no document change under an IME composition; holding back is the test seam's way to catch the parse mid-way
    const { holdBackground, onlyInView } = testFaults.progressiveOpen;
    if (editor.view.composing || holdBackground) {
      this.scheduled = setTimeout(() => this.schedule(), 50);
      return;
    }
    const now = performance.now();
    const until = now + (now - this.lastActive > IDLE_AFTER_MS ? IDLE_SLICE_MS : SLICE_MS);
    let parsed = 0;
    // what the person looks at (after a scroll or a jump) first, then on in order
    const inView = this.chunksInView(editor);
    let index = inView.shift() ?? (onlyInView ? -1 : this.chunks.nextUnparsed());
    while (index >= 0 && (parsed === 0 || performance.now() < until)) {
      this.chunks.parse(index, editor.schema);
      parsed++;
      index = inView.shift() ?? (onlyInView ? -1 : this.chunks.nextUnparsed());
    }
    if (parsed > 0) this.putInPlace(editor);
    if (this.chunks.nextUnparsed() < 0) this.finish();
    else if (parsed > 0) this.schedule();
    else this.scheduled = setTimeout(() => this.schedule(), 50);
  }

  /** The chunks whose placeholders are in view, in order. */
  private chunksInView(editor: Editor): number[] {
    const ranges = this.chunks.chunkRanges();
    return placeholdersInView(editor.view)
      .map((start) => this.chunkAt(ranges, start))
      .filter((index) => index >= 0);
  }

  /** The index of the chunk of `ranges` that holds source offset `offset`, or -1. */
  private chunkAt(ranges: readonly Chunk[], offset: number): number {
    return ranges.findIndex((chunk) => offset >= chunk.start && offset < chunk.end);
  }

  /**
   * Puts every parsed chunk's blocks in place of what stands for it, in one transaction: its
   * placeholders and, where its parse took in a later chunk already shown ahead of order, that
   * chunk's blocks. Blocks shown ahead of a chunk not parsed yet are remembered (`ahead`) until
   * every chunk before them is parsed.
   */
  private putInPlace(editor: Editor): void {
    const ranges = this.chunks.chunkRanges();
    const stands: Array<{ from: number; to: number; index: number; placeholder: boolean }> = [];
    let at = 0;
    editor.state.doc.forEach((node, offset) => {
      const placeholder = node.type.name === 'unparsedSource';
      const start = placeholder ? Number(node.attrs.start) : this.ahead.get(node);
      if (start === undefined) return;
      while (at < ranges.length && ranges[at]!.end <= start) at++;
      if (at >= ranges.length || !this.chunks.isParsed(at)) return;
      stands.push({ from: offset, to: offset + node.nodeSize, index: at, placeholder });
    });
    const transaction = editor.state.tr;
    const firstUnparsed = ranges[this.chunks.nextUnparsed()]?.start ?? Infinity;
    // from the end, so that the positions before stay valid; what stands for one chunk goes at once
    for (let last = stands.length - 1; last >= 0; ) {
      const { index } = stands[last]!;
      let first = last;
      while (first > 0 && stands[first - 1]!.index === index) first--;
      if (stands.slice(first, last + 1).some((stand) => stand.placeholder)) {
        const nodes: ProseMirrorNode[] = this.chunks.parse(index, editor.schema).blocks.map((block) => block.node);
        transaction.replaceWith(stands[first]!.from, stands[last]!.to, nodes);
        if (!this.chunks.final && ranges[index]!.start > firstUnparsed) for (const node of nodes) this.ahead.set(node, ranges[index]!.start);
      }
      last = first - 1;
    }
    for (const [node, start] of this.ahead) if (start < firstUnparsed) this.ahead.delete(node);
    if (!transaction.docChanged) return;
    transaction.setMeta(STEP_META, true).setMeta('addToHistory', false);
    editor.view.dispatch(transaction);
  }
}

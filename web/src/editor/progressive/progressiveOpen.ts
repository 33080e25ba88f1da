import type { Editor, JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { ParsedDoc } from '../markdown/types';
import { testFaults } from '../../lib/testFaults';
import { ChunkedParse } from './chunkedParse';
import type { Chunk } from './chunks';

/** Documents over either size open progressively; smaller ones are parsed whole, as that is fast enough. */
export const PROGRESSIVE_MIN_LINES = 1000;
export const PROGRESSIVE_MIN_CHARS = 64 * 1024;
/** Lines parsed before the editor shows the document: more than a tall window holds. */
const FIRST_SCREEN_LINES = 150;
/** Lines a chunk has at least (fewer, larger parses cost less than many small ones). */
const CHUNK_MIN_LINES = 40;
/** Time one background slice may parse for, so that typing is never held up for long. */
const SLICE_MS = 30;

const STEP_META = 'vmarkProgressiveParse';

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

function lineCount(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return Math.max(1, lines);
}

/**
 * A large document opened in the WYSIWYG editor: the chunks that fill the first screen are parsed
 * before it is shown, the rest stand as `unparsedSource` placeholders that are replaced by their
 * blocks in the background, in slices. `complete()` finishes at once: whatever needs positions in
 * the whole document calls it first, so no answer depends on how far the background got.
 */
export class ProgressiveOpen {
  private readonly chunks: ChunkedParse;
  private editor: Editor | undefined;
  private scheduled: ReturnType<typeof setTimeout> | number | undefined;
  private stopped = false;
  private done: ParsedDoc | undefined;

  constructor(
    readonly source: string,
    private readonly onComplete: (parsed: ParsedDoc) => void,
  ) {
    this.chunks = new ChunkedParse(source, CHUNK_MIN_LINES);
  }

  /** The document to show first: parsed blocks for the first screen, placeholders for the rest. */
  initialDoc(): JSONContent {
    const content: JSONContent[] = [];
    let lines = 0;
    let index = 0;
    for (; index < this.chunks.chunkRanges().length && lines < FIRST_SCREEN_LINES; index++) {
      const { chunk, blocks } = this.chunks.parse(index);
      for (const block of blocks) content.push(block.node.toJSON() as JSONContent);
      lines += lineCount(this.source.slice(chunk.start, chunk.end));
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
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.scheduled !== undefined) {
      if (typeof cancelIdleCallback === 'function' && typeof this.scheduled === 'number') cancelIdleCallback(this.scheduled);
      else clearTimeout(this.scheduled);
    }
    this.scheduled = undefined;
  }

  /** Parses all that is left and puts it in place now; the complete parse. */
  complete(): ParsedDoc {
    if (this.done) return this.done;
    this.stop();
    const editor = this.editor;
    const replaced: Chunk[] = [];
    for (let index = this.chunks.nextUnparsed(); index >= 0; index = this.chunks.nextUnparsed()) {
      replaced.push(this.chunks.parse(index, editor?.schema).chunk);
    }
    if (editor && !editor.isDestroyed) this.putInPlace(editor, replaced);
    return this.finish();
  }

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
    if (editor.view.composing || testFaults.progressiveOpen.holdBackground) {
      this.scheduled = setTimeout(() => this.schedule(), 50);
      return;
    }
    const until = performance.now() + SLICE_MS;
    const parsed: Chunk[] = [];
    let index = this.chunks.nextUnparsed();
    while (index >= 0 && (parsed.length === 0 || performance.now() < until)) {
      parsed.push(this.chunks.parse(index, editor.schema).chunk);
      index = this.chunks.nextUnparsed();
    }
    this.putInPlace(editor, parsed);
    if (index < 0) this.finish();
    else this.schedule();
  }

  /** Replaces the placeholders of the parsed `ranges` by their blocks, in one transaction. */
  private putInPlace(editor: Editor, ranges: readonly Chunk[]): void {
    if (ranges.length === 0) return;
    const within = (start: number) => ranges.find((range) => start >= range.start && start < range.end);
    const found: Array<{ from: number; to: number; range: Chunk }> = [];
    editor.state.doc.forEach((node, offset) => {
      if (node.type.name !== 'unparsedSource') return;
      const range = within(Number(node.attrs.start));
      if (range) found.push({ from: offset, to: offset + node.nodeSize, range });
    });
    if (found.length === 0) return;
    const transaction = editor.state.tr;
    // from the end, so that the positions before stay valid; neighbouring placeholders of one range go at once
    for (let at = found.length - 1; at >= 0; ) {
      const { range } = found[at]!;
      let first = at;
      while (first > 0 && found[first - 1]!.range === range && found[first - 1]!.to === found[first]!.from) first--;
      const nodes: ProseMirrorNode[] = this.chunks.parse(this.indexOf(range), editor.schema).blocks.map((block) => block.node);
      transaction.replaceWith(found[first]!.from, found[at]!.to, nodes);
      at = first - 1;
    }
    transaction.setMeta(STEP_META, true).setMeta('addToHistory', false);
    editor.view.dispatch(transaction);
  }

  private indexOf(range: Chunk): number {
    return this.chunks.chunkRanges().findIndex((chunk) => chunk.start === range.start);
  }
}

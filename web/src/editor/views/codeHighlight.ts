import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { isMermaid } from './codeBlockView';
import { loadedLowlight, loadLowlight, type Lowlight } from './lowlightLoader';

/** A highlighted stretch of a code block's text, relative to the start of its content. */
interface Token {
  from: number;
  to: number;
  className: string;
}

interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

const highlightKey = new PluginKey<DecorationSet>('codeHighlight');

// Unchanged code blocks are the same node objects across document versions, so tokens are kept per node.
const tokensByNode = new WeakMap<ProseMirrorNode, Token[]>();

/**
 * Syntax highlighting of fenced code in WYSIWYG: inline decorations with highlight.js classes
 * (`hljs-keyword`, …). Only decorations: the document and so the saved bytes never change.
 */
export const CodeHighlight = Extension.create({
  name: 'codeHighlight',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: highlightKey,
        state: {
          init: () => DecorationSet.empty,
          apply: (tr, old) => {
            const set = tr.docChanged ? rehighlightChanged(tr, old) : old;
            const batch = tr.getMeta(highlightKey) as number[] | undefined;
            return batch ? highlightBlocks(tr.doc, set, batch) : set;
          },
        },
        props: {
          decorations: (state) => highlightKey.getState(state),
        },
        view(view) {
          const slices = highlightInSlices(view);
          const loadWhenNeeded = () => {
            if (loadedLowlight()) return slices.start();
            if (!hasLanguageCode(view.state.doc)) return;
            void loadLowlight().then(() => slices.start());
          };
          loadWhenNeeded();
          return { update: loadWhenNeeded, destroy: slices.stop };
        },
      }),
    ];
  },
});

/** How long one idle slice may highlight before it hands the main thread back (keystrokes come first). */
const SLICE_MS = 8;

/**
 * The first highlighting of a document: blocks nearest the top of the view first, a few milliseconds at
 * a time in idle periods, so opening a long document and typing at once never waits for all its code.
 */
function highlightInSlices(view: EditorView): { start(): void; stop(): void } {
  const done = new WeakSet<ProseMirrorNode>();
  let scheduled = false;
  let stopped = false;
  // after the first pass, edits are highlighted where they happen (rehighlightChanged): no more idle walks
  let complete = false;
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 200 }) : setTimeout(run, 0);
  const slice = () => {
    scheduled = false;
    const lowlight = loadedLowlight();
    if (stopped || view.isDestroyed || !lowlight) return;
    const top = view.posAtCoords({ left: view.dom.getBoundingClientRect().left + 1, top: Math.max(0, view.dom.getBoundingClientRect().top) + 1 })?.pos ?? 0;
    const waiting: { pos: number; node: ProseMirrorNode }[] = [];
    view.state.doc.descendants((node, pos) => {
      if (node.type.name !== 'codeBlock') return !node.isTextblock;
      if (!done.has(node)) waiting.push({ pos, node });
      return false;
    });
    if (waiting.length === 0) {
      complete = true;
      return;
    }
    waiting.sort((a, b) => Math.abs(a.pos - top) - Math.abs(b.pos - top));
    const started = performance.now();
    const batch: number[] = [];
    for (const { pos, node } of waiting) {
      tokensOf(node, lowlight);
      done.add(node);
      batch.push(pos);
      if (performance.now() - started > SLICE_MS) break;
    }
    view.dispatch(view.state.tr.setMeta(highlightKey, batch).setMeta('addToHistory', false));
    if (batch.length < waiting.length) schedule();
  };
  const schedule = () => {
    if (scheduled || stopped || complete) return;
    scheduled = true;
    idle(slice);
  };
  return {
    start: schedule,
    stop: () => {
      stopped = true;
    },
  };
}

/** Highlights the code blocks at `positions` of `doc` again, replacing what they had. */
function highlightBlocks(doc: ProseMirrorNode, set: DecorationSet, positions: number[]): DecorationSet {
  const lowlight = loadedLowlight();
  if (!lowlight) return set;
  const blocks = new Map<number, ProseMirrorNode>();
  for (const pos of positions) {
    const node = doc.nodeAt(pos);
    if (node?.type.name === 'codeBlock') blocks.set(pos, node);
  }
  return replaceBlockDecorations(set, doc, blocks, lowlight);
}

function hasLanguageCode(doc: ProseMirrorNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (node.type.name === 'codeBlock' && node.attrs.language && !isMermaid(node)) found = true;
    return !node.isTextblock;
  });
  return found;
}

/** The code blocks (by position) get their tokens' decorations in place of what they had, in one remove and one add over the set. */
function replaceBlockDecorations(set: DecorationSet, doc: ProseMirrorNode, blocks: ReadonlyMap<number, ProseMirrorNode>, lowlight: Lowlight): DecorationSet {
  if (blocks.size === 0) return set;
  const removed: Decoration[] = [];
  const added: Decoration[] = [];
  for (const [pos, node] of blocks) {
    removed.push(...set.find(pos, pos + node.nodeSize));
    for (const token of tokensOf(node, lowlight)) added.push(Decoration.inline(pos + 1 + token.from, pos + 1 + token.to, { class: token.className }));
  }
  return set.remove(removed).add(doc, added);
}

/**
 * A keystroke must not cost the whole document: the old decorations are mapped through the change,
 * and only the code blocks the change touched are highlighted again.
 */
function rehighlightChanged(tr: Transaction, old: DecorationSet): DecorationSet {
  const lowlight = loadedLowlight();
  const set = old.map(tr.mapping, tr.doc);
  if (!lowlight) return set;
  const touched = new Map<number, ProseMirrorNode>();
  tr.steps.forEach((step, index) => {
    const after = tr.mapping.slice(index + 1);
    step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const from = Math.max(0, after.map(newStart, -1));
      const to = Math.min(tr.doc.content.size, after.map(newEnd, 1));
      tr.doc.nodesBetween(from, to, (node, pos) => {
        if (node.type.name !== 'codeBlock') return !node.isTextblock;
        touched.set(pos, node);
        return false;
      });
    });
  });
  return replaceBlockDecorations(set, tr.doc, touched, lowlight);
}

export function tokensOf(node: ProseMirrorNode, lowlight: Lowlight): Token[] {
  let tokens = tokensByNode.get(node);
  if (tokens) return tokens;
  const language = typeof node.attrs.language === 'string' ? node.attrs.language : '';
  tokens = language && lowlight.registered(language) ? flatten(lowlight.highlight(language, node.textContent) as HastNode) : [];
  tokensByNode.set(node, tokens);
  return tokens;
}

/** The text runs of a highlight tree, each with the classes of all the elements around it. */
function flatten(root: HastNode): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  const walk = (node: HastNode, classes: readonly string[]) => {
    if (node.type === 'text') {
      const length = node.value?.length ?? 0;
      if (classes.length > 0 && length > 0) tokens.push({ from: offset, to: offset + length, className: classes.join(' ') });
      offset += length;
      return;
    }
    const own = node.type === 'element' && Array.isArray(node.properties?.className) ? (node.properties.className as string[]) : [];
    for (const child of node.children ?? []) walk(child, [...classes, ...own]);
  };
  walk(root, []);
  return tokens;
}

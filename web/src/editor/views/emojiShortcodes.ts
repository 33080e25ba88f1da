import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { drawDocument, redrawChanged, touchedBlocks, visit, type BlockDrawer } from './documentDecorations';
import { loadEmojiNames, type EmojiNames } from './emojiNames';

const SHORTCODE = /:([a-z0-9_+-]+):/g;
/** A bare URL (`https://…/:x:/…`): GitHub leaves shortcodes inside it literal. */
const URL_TOKEN = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)/i;

export interface Shortcode {
  from: number;
  to: number;
  name: string;
  emoji: string;
}

/** The `:name:` shortcodes of GitHub's list in one text, outside URLs, at offsets into it. */
export function shortcodesIn(text: string, names: EmojiNames): Array<Omit<Shortcode, 'from' | 'to'> & { start: number; end: number }> {
  const found: Array<Omit<Shortcode, 'from' | 'to'> & { start: number; end: number }> = [];
  SHORTCODE.lastIndex = 0;
  for (let match = SHORTCODE.exec(text); match; match = SHORTCODE.exec(text)) {
    const name = match[1]!;
    const emoji = Object.hasOwn(names, name) ? names[name] : undefined;
    const end = match.index + match[0].length;
    if (!emoji) {
      SHORTCODE.lastIndex = end - 1; // `:unknown:x:` — the closing colon may open the next one
      continue;
    }
    if (URL_TOKEN.test(text.slice(tokenStart(text, match.index), match.index))) continue;
    found.push({ start: match.index, end, name, emoji });
  }
  return found;
}

/** Where the whitespace-delimited token holding `index` starts (a backwards scan of that token only). */
function tokenStart(text: string, index: number): number {
  let start = index;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  return start;
}

/** Whether a text might hold a shortcode, before GitHub's list is loaded. */
const mayHoldShortcode = (text: string) => /:[a-z0-9_+-]+:/.test(text);

/** The shortcodes of a block's text: not in code blocks, code spans or URLs. */
export function shortcodesOf(block: ProseMirrorNode, blockPos: number, names: EmojiNames): Shortcode[] {
  const found: Shortcode[] = [];
  visit(block, blockPos, (node, pos) => {
    if (!node.isTextblock) return true;
    if (node.type.spec.code) return false;
    node.forEach((child, offset) => {
      if (!child.isText || child.marks.some((mark) => mark.type.spec.code)) return;
      const at = pos + 1 + offset;
      for (const { start, end, name, emoji } of shortcodesIn(child.text!, names)) found.push({ from: at + start, to: at + end, name, emoji });
    });
    return false;
  });
  return found;
}

let loadedNames: EmojiNames | null = null;

/** Draws with GitHub's list; draws nothing until it is loaded. */
export function emojiDrawer(names: () => EmojiNames | null): BlockDrawer<EmojiNames | null> {
  return {
    context: names,
    draw(block, blockPos, names) {
      if (!names) return [];
      return shortcodesOf(block, blockPos, names).flatMap(({ from, to, name, emoji }) => [
        Decoration.widget(from, () => emojiElement(name, emoji), { side: -1, key: `emoji-${name}`, emoji: true }),
        Decoration.inline(from, to, { class: 'emoji-source' }, { emoji: true }),
      ]);
    },
  };
}

export function emojiDecorations(doc: ProseMirrorNode, names: EmojiNames): DecorationSet {
  return drawDocument(doc, emojiDrawer(() => names));
}

function emojiElement(name: string, emoji: string): HTMLElement {
  const element = document.createElement('span');
  element.className = 'emoji';
  element.contentEditable = 'false';
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', `:${name}:`);
  element.title = `:${name}:`;
  element.textContent = emoji;
  return element;
}

/** The drawn decorations minus those of a shortcode the selection touches: its source shows, to edit. */
export function revealSelected(set: DecorationSet, state: EditorState): DecorationSet {
  const { from, to } = state.selection;
  const near = set.find(Math.max(0, from - 1), to + 1, (spec) => spec.emoji === true);
  const sources = near.filter((decoration) => decoration.from < decoration.to && decoration.from <= to && decoration.to >= from);
  if (!sources.length) return set;
  const widgets = sources.flatMap((source) => set.find(source.from, source.from, (spec) => spec.emoji === true).filter((decoration) => decoration.from === decoration.to));
  return set.remove([...sources, ...widgets]);
}

const REDRAW = 'redraw';

/**
 * `:tada:` shows as 🎉, as on GitHub: a widget with the shortcode as its label, the text hidden
 * beside it; the document (and the saved bytes) keep `:tada:`. A selection touching it shows the
 * source. GitHub's list is a lazy chunk, fetched once a document holds something like a shortcode.
 */
export const EmojiShortcodes = Extension.create({
  name: 'emojiShortcodes',
  addProseMirrorPlugins() {
    const key = new PluginKey<{ set: DecorationSet; wanted: boolean }>('emojiShortcodes');
    const drawer = emojiDrawer(() => loadedNames);
    const draw = (doc: ProseMirrorNode) => ({ set: drawDocument(doc, drawer), wanted: !loadedNames && mayHoldShortcode(doc.textContent) });
    return [
      new Plugin({
        key,
        state: {
          init: (_, state) => draw(state.doc),
          apply(tr, value) {
            if (tr.getMeta(key) === REDRAW) return draw(tr.doc);
            if (!tr.docChanged) return value;
            if (loadedNames) return { set: redrawChanged(drawer, value.set, tr), wanted: false };
            const wanted = value.wanted || [...touchedBlocks(tr).after.values()].some((block) => mayHoldShortcode(block.textContent));
            return { set: DecorationSet.empty, wanted };
          },
        },
        view(view) {
          let destroyed = false;
          const update = () => {
            if (!key.getState(view.state)?.wanted || loadedNames) return;
            void loadEmojiNames().then((names) => {
              loadedNames = names;
              if (!destroyed) view.dispatch(view.state.tr.setMeta(key, REDRAW));
            });
          };
          update();
          return { update, destroy: () => void (destroyed = true) };
        },
        props: {
          decorations(state) {
            const value = key.getState(state);
            return value ? revealSelected(value.set, state) : null;
          },
        },
      }),
    ];
  },
});

import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { isLive } from '@vmark/shared/lib/comments/index';
import type { CommentStore } from '../comments/commentStore';
import type { DocSnapshot } from '../comments/docComments';
import { COMMENT_ID_ATTRIBUTE, commentThreadAt } from './commentThreadAt';
import { quoteRange } from './quoteRange';

export interface CommentHighlightOptions {
  comments: CommentStore | null;
  docKey: () => string;
  /** The person clicked the highlight of this thread. */
  onSelect: (threadId: string) => void;
}

const key = new PluginKey<DecorationSet>('commentHighlights');

function build(doc: ProseMirrorNode, snapshot: DocSnapshot | undefined): DecorationSet {
  if (!snapshot || snapshot.text === null) return DecorationSet.empty;
  const decorations: Decoration[] = [];
  for (const thread of snapshot.file.threads) {
    const place = snapshot.places.get(thread.id);
    if (!isLive(thread) || !place || place.detached) continue;
    const range = quoteRange(doc, snapshot.text, place.anchor.quote, place.anchor.start);
    if (!range) continue;
    const className = thread.state === 'resolved' ? 'comment-highlight comment-highlight-resolved' : 'comment-highlight';
    decorations.push(Decoration.inline(range.from, range.to, { class: className, [COMMENT_ID_ATTRIBUTE]: thread.id }));
  }
  return DecorationSet.create(doc, decorations);
}

/** Whether `build` draws anything for the snapshot. */
const highlights = (snapshot: DocSnapshot | undefined): boolean => snapshot !== undefined && snapshot.text !== null && snapshot.places.size > 0;

/**
 * Review comments as highlights in the WYSIWYG editor. Decorations only: the document, and so
 * the saved bytes, never change. Rebuilt when the comment store has new places and on every
 * change of the document (the store learns of an edit only after the editor hands it over).
 */
export const CommentHighlights = Extension.create<CommentHighlightOptions>({
  name: 'commentHighlights',

  addOptions() {
    return { comments: null, docKey: () => '', onSelect: () => undefined };
  },

  addProseMirrorPlugins() {
    const { comments, docKey, onSelect } = this.options;
    if (!comments) return [];
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => build(state.doc, comments.snapshot(docKey())),
          apply: (tr, previous) => (tr.docChanged || tr.getMeta(key) ? build(tr.doc, comments.snapshot(docKey())) : previous),
        },
        props: {
          decorations: (state) => key.getState(state),
          handleClick: (_view, _pos, event) => {
            const id = commentThreadAt(event.target);
            if (id) onSelect(id);
            // the caret still goes where the person clicked
            return false;
          },
        },
        view(view) {
          let alive = true;
          let shown = comments.snapshot(docKey());
          const unsubscribe = comments.subscribe(() => {
            const next = comments.snapshot(docKey());
            if (next === shown) return;
            const redraw = highlights(shown) || highlights(next);
            shown = next;
            // every change of the text gives a new snapshot: without threads there is nothing to redraw
            if (!redraw) return;
            // the store may notify from inside another editor update: redraw once that is over
            queueMicrotask(() => {
              if (alive && !view.isDestroyed) view.dispatch(view.state.tr.setMeta(key, true).setMeta('addToHistory', false));
            });
          });
          return {
            destroy() {
              alive = false;
              unsubscribe();
            },
          };
        },
      }),
    ];
  },
});

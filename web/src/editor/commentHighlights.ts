import { StateEffect, type Extension, type Range } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import type { CommentStore } from '../comments/commentStore';
import type { DocSnapshot } from '../comments/docComments';
import { LineBreakOffsets } from '../lib/lineBreakOffsets';
import { COMMENT_ID_ATTRIBUTE, commentThreadAt } from './commentThreadAt';

/** The comment store has new places: rebuild the highlights. */
const refreshHighlights = StateEffect.define<null>();

function mark(id: string, resolved: boolean): Decoration {
  return Decoration.mark({ class: resolved ? 'cm-comment cm-comment-resolved' : 'cm-comment', attributes: { [COMMENT_ID_ATTRIBUTE]: id } });
}

/**
 * Highlights from the comment store's places. A place is used only where the editor shows exactly
 * the quoted text (the editor may run ahead of the store while the person types); elsewhere the
 * previous highlight, mapped through the edits, stays until the store catches up.
 */
function build(view: EditorView, snapshot: DocSnapshot | undefined, previous: DecorationSet): DecorationSet {
  if (!snapshot || snapshot.text === null) return previous;
  const offsets = new LineBreakOffsets(snapshot.text, view.state.lineBreak);
  const ranges: Range<Decoration>[] = [];
  const placed = new Set<string>();
  const length = view.state.doc.length;
  for (const thread of snapshot.file.threads) {
    const place = snapshot.places.get(thread.id);
    if (!place || place.detached) continue;
    const from = offsets.toEditor(place.anchor.start);
    const to = offsets.toEditor(place.end);
    if (from >= to || to > length || view.state.sliceDoc(from, to) !== place.anchor.quote) continue;
    ranges.push(mark(thread.id, thread.state === 'resolved').range(from, to));
    placed.add(thread.id);
  }
  const live = new Set(snapshot.file.threads.filter((t) => t.deletedAt === undefined && !snapshot.places.get(t.id)?.detached).map((t) => t.id));
  previous.between(0, length, (from, to, value) => {
    const id = (value.spec as { attributes?: Record<string, string> }).attributes?.[COMMENT_ID_ATTRIBUTE];
    if (id && live.has(id) && !placed.has(id) && from < to) ranges.push(value.range(from, to));
  });
  return Decoration.set(ranges, true);
}

/** Review comments as highlights in the source editor, fed from the comment store. */
export function commentHighlights(comments: CommentStore, docKey: () => string, onSelect: (threadId: string) => void = () => undefined): Extension {
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      private snapshot: DocSnapshot | undefined;
      private readonly unsubscribe: () => void;
      private alive = true;

      constructor(view: EditorView) {
        this.snapshot = comments.snapshot(docKey());
        this.decorations = build(view, this.snapshot, Decoration.none);
        this.unsubscribe = comments.subscribe(() => {
          const next = comments.snapshot(docKey());
          if (next === this.snapshot) return;
          this.snapshot = next;
          // the store may notify from inside another editor update: redraw once that is over
          queueMicrotask(() => {
            if (this.alive) view.dispatch({ effects: refreshHighlights.of(null) });
          });
        });
      }

      update(update: ViewUpdate) {
        const refreshed = update.transactions.some((t) => t.effects.some((e) => e.is(refreshHighlights)));
        if (refreshed || update.docChanged) this.decorations = build(update.view, this.snapshot, this.decorations.map(update.changes));
      }

      destroy() {
        this.alive = false;
        this.unsubscribe();
      }
    },
    { decorations: (v) => v.decorations },
  );
  return [
    plugin,
    EditorView.domEventHandlers({
      click: (event) => {
        const id = commentThreadAt(event.target);
        if (id) onSelect(id);
        // the caret still goes where the person clicked
        return false;
      },
    }),
    EditorView.baseTheme({
      '.cm-comment': { backgroundColor: 'rgba(255, 200, 0, 0.35)', borderBottom: '2px solid rgba(230, 160, 0, 0.9)' },
      '.cm-comment-resolved': { backgroundColor: 'rgba(150, 150, 150, 0.15)', borderBottom: '1px dotted #999' },
    }),
  ];
}

import { Selection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { partitionPoint } from '../lib/partitionPoint';

/**
 * Outline navigation in WYSIWYG: puts the caret at the start of the top-level block that holds
 * source offset `offset` and scrolls that block to the top of the view. `starts` is where each
 * top-level node of the editor's document starts in the source.
 */
export function revealBlockAt(view: EditorView, starts: readonly number[], offset: number): void {
  const { doc } = view.state;
  const index = Math.min(doc.childCount - 1, Math.max(0, partitionPoint(starts.length, (at) => starts[at]! <= offset) - 1));
  let pos = 0;
  for (let at = 0; at < index; at++) pos += doc.child(at).nodeSize;
  view.dispatch(view.state.tr.setSelection(Selection.near(doc.resolve(pos + 1))));
  view.focus();
  // after the dispatch: the block of the caret is laid out then (offscreenBlocks.ts)
  (view.nodeDOM(pos) as HTMLElement | null)?.scrollIntoView({ block: 'start' });
}

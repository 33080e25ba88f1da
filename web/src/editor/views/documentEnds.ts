import { Extension, type Editor } from '@tiptap/core';
import { Selection, TextSelection } from '@tiptap/pm/state';

/**
 * Ctrl+Home / Ctrl+End (with Shift: select to there) move the caret to the very start / end of
 * the document and scroll it into view. Left to the browser, the caret cannot enter the text of a
 * block that `content-visibility` skips (every block off screen, see `offscreenBlocks.ts`), so it
 * stopped at the start of the last block.
 */
function toDocumentEdge(editor: Editor, edge: 'start' | 'end', extend: boolean): boolean {
  const { state, view } = editor;
  const target = edge === 'start' ? Selection.atStart(state.doc) : Selection.atEnd(state.doc);
  const selection = extend ? TextSelection.between(state.doc.resolve(state.selection.anchor), target.$head) : target;
  view.dispatch(state.tr.setSelection(selection).scrollIntoView());
  return true;
}

export const DocumentEnds = Extension.create({
  name: 'documentEnds',
  addKeyboardShortcuts() {
    return {
      'Ctrl-Home': ({ editor }) => toDocumentEdge(editor, 'start', false),
      'Ctrl-End': ({ editor }) => toDocumentEdge(editor, 'end', false),
      'Shift-Ctrl-Home': ({ editor }) => toDocumentEdge(editor, 'start', true),
      'Shift-Ctrl-End': ({ editor }) => toDocumentEdge(editor, 'end', true),
    };
  },
});

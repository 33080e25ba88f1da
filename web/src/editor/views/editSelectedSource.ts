import { Extension } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';

/**
 * Enter on a selected node that edits its source in a field (math, front matter) moves the
 * keyboard into that field, so keyboard users reach the source as a click does.
 */
export const EditSelectedSource = Extension.create({
  name: 'editSelectedSource',
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { selection } = editor.state;
        if (!(selection instanceof NodeSelection)) return false;
        const dom = editor.view.nodeDOM(selection.from);
        const field = dom instanceof HTMLElement ? dom.querySelector<HTMLElement>('textarea, input') : null;
        if (!field) return false;
        field.focus();
        return true;
      },
    };
  },
});

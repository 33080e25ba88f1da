import type { NodeViewRenderer } from '@tiptap/core';
import type { ViewMutationRecord } from '@tiptap/pm/view';

/**
 * Tiptap's task item view rewrites its checkbox's accessible label whenever the item updates.
 * ProseMirror would take that for an edit of the item and parse it again from the DOM, turning a
 * soft line break into a hard one: only changes inside the item's content are the person's.
 */
export function contentMutationsOnly(renderer: NodeViewRenderer): NodeViewRenderer {
  return (props) => {
    const view = renderer(props);
    if (!view || !('dom' in view)) return view;
    const content = view.contentDOM;
    return Object.assign(view, {
      ignoreMutation: (mutation: ViewMutationRecord) =>
        mutation.type !== 'selection' && !(content && content.contains(mutation.target)),
    });
  };
}

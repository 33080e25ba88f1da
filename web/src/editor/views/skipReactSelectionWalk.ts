import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/**
 * Before every commit, React saves the selection of the focused element when that element
 * reports `contentEditable === 'true'` (`getSelectionInformation`, react-dom), by walking *all* of
 * its DOM to turn the selection into character offsets, and restores it after the commit if focus
 * moved. For a focused 10k-line WYSIWYG editor that walk is the bulk of every commit while the
 * person types (a hand-over re-renders the window), and it buys nothing: React renders none of the
 * editor's DOM, ProseMirror keeps its own selection. So the editor's root element reports
 * `inherit` to scripts; its `contenteditable` attribute, which is what the browser edits by, is
 * untouched, and setting the property still sets the attribute.
 */
export function skipReactSelectionWalk(dom: HTMLElement): () => void {
  Object.defineProperty(dom, 'contentEditable', {
    configurable: true,
    get: () => 'inherit',
    set: (value: string) => dom.setAttribute('contenteditable', String(value)),
  });
  return () => {
    delete (dom as { contentEditable?: string }).contentEditable;
  };
}

/** Applies `skipReactSelectionWalk` to the editor's root element for the life of its view. */
export const SkipReactSelectionWalk = Extension.create({
  name: 'skipReactSelectionWalk',
  addProseMirrorPlugins() {
    return [new Plugin({ key: new PluginKey('skipReactSelectionWalk'), view: (view) => ({ destroy: skipReactSelectionWalk(view.dom) }) })];
  },
});

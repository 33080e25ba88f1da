import type { EditorAdapter, WindowStore } from '../state/store';

/**
 * The tab's model takes `text` now; the shown editor, when there is one, loads it once the answer is
 * posted (`WindowStore.behindAnswer`) as one undoable step. Returns what the document holds.
 */
export function loadBehindAnswer(store: WindowStore, tabId: string, text: string, editor: EditorAdapter | undefined): string {
  store.setContent(tabId, text);
  if (editor) {
    store.behindAnswer(() => {
      // the editor went, or the text changed again: the editor loads the tab's text when it is next rendered
      if (store.shownEditor(tabId) === editor && store.tab(tabId)?.content === text) editor.loadContent(text);
    });
  }
  return text;
}

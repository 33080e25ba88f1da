import { startsLikeFrontMatter } from '../editor/markdown/verify';
import { detectLineEnding } from '../lib/lineEndings';
import type { WindowStore } from '../state/store';

/**
 * The person adds front matter to the active markdown document: a YAML block with its title goes
 * first, as one undoable step in the editor; every other byte stays as it was. In WYSIWYG the block
 * is then edited like any front matter.
 */
export function addFrontMatter(store: WindowStore): void {
  store.flush();
  const model = store.getSnapshot();
  const tab = model.tabs.find((t) => t.id === model.activeTabId);
  if (!tab || tab.kind !== 'markdown') {
    store.notify('Front matter goes at the top of a markdown document: open one first.');
    return;
  }
  if (startsLikeFrontMatter(tab.content)) {
    store.notify('This document already has front matter; edit it at the top of the document.');
    return;
  }
  const eol = detectLineEnding(tab.content);
  const block = ['---', `title: ${JSON.stringify(tab.title)}`, '---', '', ''].join(eol);
  const next = block + tab.content;
  const editor = store.editor(tab.id);
  store.setContent(tab.id, editor ? editor.loadContent(next) : next);
}

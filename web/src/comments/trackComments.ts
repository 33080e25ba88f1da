import type { WindowStore } from '../state/store';
import type { Tab, WindowModel } from '../state/types';
import type { CommentStore } from './commentStore';
import { storageFor } from './commentStorage';
import { docKeyOf } from './docKey';

/** Loads the comments of a tab's document (once) from where its workspace keeps them. */
export function trackTab(comments: CommentStore, model: WindowModel, tab: Tab): Promise<void> {
  const docKey = docKeyOf(tab);
  const fs = model.workspaces.find((w) => w.id === tab.workspaceInstanceId)?.fs;
  return comments.track(docKey, storageFor(docKey, fs));
}

/**
 * Keeps comments in step with the open documents: loads them when a tab opens, and lets anchors
 * follow every change of the text (the person typing, an AI write, a reload from disk).
 */
export function trackComments(store: WindowStore, comments: CommentStore): () => void {
  const texts = new Map<string, string>();
  const keyOfTab = new Map<string, string>();
  const sync = () => {
    const model = store.getSnapshot();
    const seen = new Set<string>();
    for (const tab of model.tabs) {
      const docKey = docKeyOf(tab);
      const previousKey = keyOfTab.get(tab.id);
      keyOfTab.set(tab.id, docKey);
      // two tabs on one file share its comments; the first one's text places them
      if (seen.has(docKey)) continue;
      seen.add(docKey);
      if (!comments.snapshot(docKey)) {
        void trackTab(comments, model, tab);
        texts.delete(docKey);
      }
      if (texts.get(docKey) !== tab.content) {
        texts.set(docKey, tab.content);
        comments.setText(docKey, tab.content);
      }
      // saved under a name: the untitled document's threads come along
      if (previousKey?.startsWith('untitled:') && previousKey !== docKey) void comments.move(previousKey, docKey);
    }
    for (const docKey of [...texts.keys()]) {
      if (seen.has(docKey)) continue;
      texts.delete(docKey);
      comments.forgetText(docKey);
    }
    const open = new Set(model.tabs.map((t) => t.id));
    for (const tabId of [...keyOfTab.keys()]) if (!open.has(tabId)) keyOfTab.delete(tabId);
  };
  sync();
  return store.subscribe(sync);
}

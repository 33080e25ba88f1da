import type { WindowStore } from '../../state/store';
import { workspaceImagePath } from './imageSource';
import type { ImageLoader } from './imageView';

/** Loads a tab's images from its workspace, resolved against where the tab's file is now. */
export function workspaceImageLoader(store: WindowStore, tabId: string): ImageLoader {
  return async (src) => {
    const tab = store.tab(tabId);
    const workspace = store.getSnapshot().workspaces.find((candidate) => candidate.id === tab?.workspaceInstanceId);
    if (!tab || !workspace) throw new Error('the document is in no workspace');
    const path = workspaceImagePath(src, tab.filePath, workspace.fs.root);
    if (!path) throw new Error(tab.filePath ? 'not inside the workspace' : 'the document has no folder yet');
    return workspace.fs.readBytes(path);
  };
}

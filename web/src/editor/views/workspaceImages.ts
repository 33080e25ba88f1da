import type { WorkspaceFS } from '../../fs/WorkspaceFS';
import type { WindowStore } from '../../state/store';
import { workspaceImagePath } from './imageSource';
import type { ImageLoader } from './imageView';

const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Image bytes by workspace and path, checked against the file's size and modification time: a view
 * rebuilt (mode switch, re-render, another tab of the file) does not read the file again, and an
 * image changed on disk is read anew. Oldest first out past 32 MB.
 */
export class ImageCache {
  private readonly entries = new Map<string, { stamp: string; blob: Blob }>();
  private bytes = 0;

  async read(fs: WorkspaceFS, key: string, path: string): Promise<Blob> {
    const stat = await fs.stat(path);
    if (!stat || stat.kind !== 'file') throw new Error('no such file');
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    const hit = this.entries.get(key);
    if (hit?.stamp === stamp) {
      // most recently used goes last
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.blob;
    }
    const blob = await fs.readBytes(path);
    this.forget(key);
    this.entries.set(key, { stamp, blob });
    this.bytes += blob.size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= CACHE_LIMIT_BYTES || oldest === key) break;
      this.forget(oldest);
    }
    return blob;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.blob.size;
    this.entries.delete(key);
  }
}

const windowCache = new ImageCache();

/** Loads a tab's images from its workspace, resolved against where the tab's file is now. */
export function workspaceImageLoader(store: WindowStore, tabId: string, cache = windowCache): ImageLoader {
  return async (src) => {
    const tab = store.tab(tabId);
    const workspace = store.getSnapshot().workspaces.find((candidate) => candidate.id === tab?.workspaceInstanceId);
    if (!tab || !workspace) throw new Error('the document is in no workspace');
    const path = workspaceImagePath(src, tab.filePath, workspace.fs.root);
    if (!path) throw new Error(tab.filePath ? 'not inside the workspace' : 'the document has no folder yet');
    return cache.read(workspace.fs, `${workspace.id}:${path}`, path);
  };
}

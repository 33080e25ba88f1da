import type { WindowStore } from '../state/store';
import { applyDiskContent } from '../state/windowActions';
import { onFileSaved } from './fileEvents';

/** How often open files are checked for changes made outside VMark (FileSystemObserver is not everywhere yet). */
export const DISK_POLL_MS = 1_500;

/**
 * Keeps open tabs in step with their files: saves from other windows arrive at once over
 * BroadcastChannel; other changes are found by polling size and modification time.
 */
export function watchDisk(store: WindowStore): () => void {
  const stamps = new Map<string, string>();
  const unsubscribe = onFileSaved((event) => applyDiskContent(store, event.path, event.content));
  let running = false;
  const timer = setInterval(async () => {
    if (running || document.hidden) return;
    running = true;
    try {
      const model = store.getSnapshot();
      const paths = new Set(model.tabs.map((t) => t.filePath).filter((p): p is string => p !== null));
      for (const path of paths) {
        const tab = model.tabs.find((t) => t.filePath === path);
        const fs = model.workspaces.find((w) => w.id === tab?.workspaceInstanceId)?.fs;
        if (!fs) continue;
        const stat = await fs.stat(path).catch(() => null);
        if (!stat) continue;
        const stamp = `${stat.size}:${stat.mtimeMs}`;
        const previous = stamps.get(path);
        stamps.set(path, stamp);
        // the first look reads the file once: it may have changed between loading the tab and now
        if (previous === stamp) continue;
        applyDiskContent(store, path, await fs.readText(path));
      }
      for (const path of stamps.keys()) if (!paths.has(path)) stamps.delete(path);
    } finally {
      running = false;
    }
  }, DISK_POLL_MS);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}

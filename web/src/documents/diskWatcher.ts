import type { WindowStore } from '../state/store';
import { applyDiskContent } from '../state/windowActions';
import { onFileSaved } from './fileEvents';

/** How often open files are checked for changes made outside VMark, where no observer reports them. */
export const DISK_POLL_MS = 1_500;

export interface DiskWatcher {
  /** Test seam: with polling off, only the file system observers and other windows report changes. */
  polling: boolean;
  stop(): void;
}

/**
 * Keeps open tabs in step with their files: saves from other windows arrive at once over
 * BroadcastChannel; changes under picked folders and Scratch are reported by FileSystemObserver as
 * they happen; everything (native folders, browsers without the observer) is also polled by size and
 * modification time. The app's own writes change nothing: applyDiskContent skips the saved text.
 */
export function watchDisk(store: WindowStore): DiskWatcher {
  const stamps = new Map<string, string>();
  const unsubscribe = onFileSaved((event) => applyDiskContent(store, event.path, event.content));
  let checking: Promise<void> = Promise.resolve();

  /** Checks the open files among `paths` ('all': every open file); checks run one after another. */
  const check = (paths: Iterable<string> | 'all', force: boolean): Promise<void> =>
    (checking = checking.then(async () => {
      const model = store.getSnapshot();
      const open = new Set(model.tabs.map((t) => t.filePath).filter((p): p is string => p !== null));
      for (const path of paths === 'all' ? open : [...paths].filter((p) => open.has(p))) {
        const tab = model.tabs.find((t) => t.filePath === path);
        const fs = model.workspaces.find((w) => w.id === tab?.workspaceInstanceId)?.fs;
        const stat = fs ? await fs.stat(path).catch(() => null) : null;
        if (!fs || !stat) continue;
        const stamp = `${stat.size}:${stat.mtimeMs}`;
        const previous = stamps.get(path);
        stamps.set(path, stamp);
        // the first look reads the file once: it may have changed between loading the tab and now
        if (previous === stamp && !force) continue;
        const savedBefore = store.getSnapshot().tabs.find((t) => t.filePath === path)?.savedContent;
        const disk = await fs.readText(path);
        // a save of ours that landed while the file was read is newer than what was read: taking the
        // read would put a clean tab back to older text (the next look reads the file again)
        if (store.getSnapshot().tabs.find((t) => t.filePath === path)?.savedContent !== savedBefore) continue;
        applyDiskContent(store, path, disk);
      }
      for (const path of stamps.keys()) if (!open.has(path)) stamps.delete(path);
    }).catch((error: unknown) => console.warn('VMark: checking files on disk failed', error)));

  const observers = new Map<string, (() => void) | null>();
  const observeWorkspaces = (): void => {
    const workspaces = store.getSnapshot().workspaces;
    for (const workspace of workspaces) {
      if (observers.has(workspace.id)) continue;
      // an observer reports a change once; the size and time of a rewrite within one tick may not differ
      observers.set(workspace.id, workspace.fs.watch?.((paths) => void check(paths, true)) ?? null);
    }
    for (const [id, stop] of observers) {
      if (workspaces.some((w) => w.id === id)) continue;
      stop?.();
      observers.delete(id);
    }
  };
  observeWorkspaces();
  const unsubscribeStore = store.subscribe(observeWorkspaces);

  const watcher: DiskWatcher = {
    polling: true,
    stop() {
      clearInterval(timer);
      unsubscribe();
      unsubscribeStore();
      for (const stop of observers.values()) stop?.();
    },
  };
  const timer = setInterval(() => {
    if (watcher.polling && !document.hidden) void check('all', false);
  }, DISK_POLL_MS);
  return watcher;
}

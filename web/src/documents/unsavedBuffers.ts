import { openVMarkDb, type UnsavedBuffer } from '../journal/db';
import type { WindowStore } from '../state/store';
import { isDirty } from '../state/types';
import { WINDOW_INSTANCE } from './fileEvents';
// typing is copied to IndexedDB at most this often, off the keystroke path
import { BUFFER_SAVE_DELAY_MS } from './journalWindow';

const windowLock = (id: string) => `vmark-window:${id}`;

/** Held for the life of this window, so other windows can tell its buffers from those of a crashed one. */
export function holdWindowLock(): void {
  void navigator.locks.request(windowLock(WINDOW_INSTANCE), () => new Promise<void>(() => undefined));
}

/**
 * Journals every dirty tab's text as the person types, and forgets it once the tab is saved or
 * closed. After a crash or a killed page, `orphanedBuffers` finds what was typed and not saved.
 */
export function journalUnsavedBuffers(store: WindowStore): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const written = new Map<string, string>();
  const persist = async () => {
    timer = null;
    const model = store.getSnapshot();
    const db = await openVMarkDb();
    const live = new Set<string>();
    for (const tab of model.tabs) {
      if (!isDirty(tab)) continue;
      live.add(tab.id);
      if (written.get(tab.id) === tab.content) continue;
      const buffer: UnsavedBuffer = {
        tabId: tab.id,
        windowInstance: WINDOW_INSTANCE,
        kind: tab.kind,
        workspaceRoot: model.workspaces.find((w) => w.id === tab.workspaceInstanceId)?.fs.root ?? null,
        docKey: tab.filePath ?? `untitled:${tab.id}`,
        filePath: tab.filePath,
        title: tab.title,
        content: tab.content,
        savedContent: tab.savedContent,
        at: Date.now(),
      };
      await db.put('buffers', buffer);
      written.set(tab.id, tab.content);
    }
    for (const tabId of [...written.keys()]) {
      if (live.has(tabId)) continue;
      await db.delete('buffers', tabId);
      written.delete(tabId);
    }
  };
  const unsubscribe = store.subscribe(() => {
    timer ??= setTimeout(() => void persist().catch((e: unknown) => console.error('VMark: buffer journal failed', e)), BUFFER_SAVE_DELAY_MS);
  });
  // the page is going away: write what is pending now
  const flushNow = () => {
    store.flush();
    void persist();
  };
  window.addEventListener('pagehide', flushNow);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flushNow);
  };
}

/** Buffers of windows that no longer run (crashed, killed or closed without saving). */
export async function orphanedBuffers(): Promise<UnsavedBuffer[]> {
  const db = await openVMarkDb();
  const held = new Set(((await navigator.locks.query()).held ?? []).map((l) => l.name));
  return (await db.getAll('buffers')).filter((b) => b.windowInstance !== WINDOW_INSTANCE && !held.has(windowLock(b.windowInstance)));
}

export async function forgetBuffer(tabId: string): Promise<void> {
  await (await openVMarkDb()).delete('buffers', tabId);
}

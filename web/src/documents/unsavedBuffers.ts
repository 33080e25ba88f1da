import { openVMarkDb, type Db, type UnsavedBuffer } from '../journal/db';
import { BufferLog, replayBuffer, type BufferWrite } from './bufferLog';
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

const changesOf = (tabId: string) => IDBKeyRange.bound([tabId, -Infinity], [tabId, Infinity]);

/** One transaction per write: a base replaces the tab's buffer and drops the changes before it; a change is appended. */
async function writeBuffer(db: Db, write: BufferWrite): Promise<void> {
  const tx = db.transaction(['buffers', 'bufferChanges'], 'readwrite');
  if (write.kind === 'base') {
    void tx.objectStore('bufferChanges').delete(changesOf(write.buffer.tabId));
    void tx.objectStore('buffers').put(write.buffer);
  } else {
    void tx.objectStore('bufferChanges').put(write.record);
  }
  await tx.done;
}

async function forget(db: Db, tabId: string): Promise<void> {
  const tx = db.transaction(['buffers', 'bufferChanges'], 'readwrite');
  void tx.objectStore('bufferChanges').delete(changesOf(tabId));
  void tx.objectStore('buffers').delete(tabId);
  await tx.done;
}

/**
 * Journals every dirty tab's text as the person types, and forgets it once the tab is saved or
 * closed. What is written follows the edit: a base text, then the changes after it (`BufferLog`).
 * After a crash or a killed page, `orphanedBuffers` finds what was typed and not saved.
 */
export function journalUnsavedBuffers(store: WindowStore): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const log = new BufferLog();
  /** Tabs closed since the last pass: their text is let go at once, their stored buffer forgotten by the next pass. */
  const closed = new Set<string>();
  const persist = async () => {
    timer = null;
    const model = store.getSnapshot();
    const db = await openVMarkDb();
    const live = new Set<string>();
    for (const tab of model.tabs) {
      if (!isDirty(tab)) continue;
      live.add(tab.id);
      const write = log.plan({
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
      });
      if (!write) continue;
      await writeBuffer(db, write);
      log.commit(write, tab.content);
    }
    for (const tabId of new Set([...log.tabs(), ...closed])) {
      if (live.has(tabId)) continue;
      await forget(db, tabId);
      log.forget(tabId);
      closed.delete(tabId);
    }
  };
  // one pass at a time: each plans its changes from what the pass before it committed
  let passes: Promise<void> = Promise.resolve();
  const persistInTurn = () => {
    passes = passes.then(persist).catch((e: unknown) => console.error('VMark: buffer journal failed', e));
    return passes;
  };
  const unsubscribe = store.subscribe(() => {
    // the next pass may wait (or fail): a closed tab's text does not wait for it
    for (const tabId of log.tabs()) {
      if (store.tab(tabId)) continue;
      log.forget(tabId);
      closed.add(tabId);
    }
    timer ??= setTimeout(() => void persistInTurn(), BUFFER_SAVE_DELAY_MS);
  });
  // the page is going away: write what is pending now
  const flushNow = () => {
    store.flush();
    void persistInTurn();
  };
  window.addEventListener('pagehide', flushNow);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flushNow);
  };
}

/** Every stored buffer with its text rebuilt (base plus the changes after it). */
export async function allBuffers(): Promise<UnsavedBuffer[]> {
  const db = await openVMarkDb();
  const tx = db.transaction(['buffers', 'bufferChanges']);
  const bases = await tx.objectStore('buffers').getAll();
  return Promise.all(bases.map(async (base) => replayBuffer(base, await tx.objectStore('bufferChanges').getAll(changesOf(base.tabId)))));
}

/** Buffers of windows that no longer run (crashed, killed or closed without saving). */
export async function orphanedBuffers(): Promise<UnsavedBuffer[]> {
  const held = new Set(((await navigator.locks.query()).held ?? []).map((l) => l.name));
  return (await allBuffers()).filter((b) => b.windowInstance !== WINDOW_INSTANCE && !held.has(windowLock(b.windowInstance)));
}

export async function forgetBuffer(tabId: string): Promise<void> {
  await forget(await openVMarkDb(), tabId);
}

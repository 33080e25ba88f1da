import { openVMarkDb, type Alongside, type Db, type TextChange, type UnsavedBuffer, type VMarkStore, type WriteTx } from '../journal/db';
import { BufferLog, replayBuffer, type BufferWrite } from './bufferLog';
import type { WindowStore } from '../state/store';
import { isDirty, type Tab, type WindowModel } from '../state/types';
import { WINDOW_INSTANCE } from './fileEvents';
// typing is copied to IndexedDB at most this often, off the keystroke path
import { BUFFER_SAVE_DELAY_MS } from './journalWindow';

const windowLock = (id: string) => `vmark-window:${id}`;

/** Held for the life of this window, so other windows can tell its buffers from those of a crashed one. */
export function holdWindowLock(): void {
  void navigator.locks.request(windowLock(WINDOW_INSTANCE), () => new Promise<void>(() => undefined));
}

const changesOf = (tabId: string) => IDBKeyRange.bound([tabId, -Infinity], [tabId, Infinity]);

const BUFFER_STORES = ['buffers', 'bufferChanges'] as const;

/**
 * A new base this long or longer is not written on an AI write's path (a 5 MB document would be
 * copied twice, text and saved text): such a write completes its journal entry before it answers,
 * and the buffer follows with the next pass.
 */
export const ALONGSIDE_BASE_MAX_CHARS = 262_144;

/** A base replaces the tab's buffer and drops the changes before it; a change is appended; forget drops both. */
function writeBuffer(tx: WriteTx, write: BufferWrite): void {
  if (write.kind === 'change') {
    void tx.objectStore('bufferChanges').put(write.record);
    return;
  }
  const tabId = write.kind === 'base' ? write.buffer.tabId : write.tabId;
  void tx.objectStore('bufferChanges').delete(changesOf(tabId));
  if (write.kind === 'base') void tx.objectStore('buffers').put(write.buffer);
  else void tx.objectStore('buffers').delete(tabId);
}

async function writeAlone(db: Db, write: BufferWrite): Promise<void> {
  const tx = db.transaction<VMarkStore[], 'readwrite'>([...BUFFER_STORES], 'readwrite');
  writeBuffer(tx, write);
  await tx.done;
}

function bufferOf(model: WindowModel, tab: Tab, content: string): UnsavedBuffer {
  return {
    tabId: tab.id,
    windowInstance: WINDOW_INSTANCE,
    kind: tab.kind,
    workspaceRoot: model.workspaces.find((w) => w.id === tab.workspaceInstanceId)?.fs.root ?? null,
    docKey: tab.filePath ?? `untitled:${tab.id}`,
    filePath: tab.filePath,
    title: tab.title,
    content,
    savedContent: tab.savedContent,
    at: Date.now(),
  };
}

/**
 * Journals every dirty tab's text as the person types, and forgets it once the tab is saved or
 * closed. What is written follows the edit: a base text, then the changes after it (`BufferLog`).
 * After a crash or a killed page, `orphanedBuffers` finds what was typed and not saved.
 * An AI write puts its text into the same transaction as its journal record (`withText`).
 */
export class UnsavedBufferJournal {
  private readonly log = new BufferLog();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending timer should have run the next pass (performance.now); Infinity once that pass is on its way. */
  private dueAt = Infinity;
  /** Tabs closed since the last pass: their text is let go at once, their stored buffer forgotten by the next pass. */
  private readonly closed = new Set<string>();
  // one pass (or AI write) at a time: each plans its changes from what the one before it committed
  private turns: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: WindowStore) {}

  start(): () => void {
    const unsubscribe = this.store.subscribe(() => {
      // the next pass may wait (or fail): a closed tab's text does not wait for it
      for (const tabId of this.log.tabs()) {
        if (this.store.tab(tabId)) continue;
        this.log.forget(tabId);
        this.closed.add(tabId);
      }
      this.schedulePass();
    });
    // the page is going away: write what is pending now
    const flushNow = () => {
      this.store.flush();
      void this.persistSoon();
    };
    window.addEventListener('pagehide', flushNow);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flushNow);
    };
  }

  /**
   * The next pass runs BUFFER_SAVE_DELAY_MS after the first change since the last one. A change that
   * finds that timer held back (a busy page runs input before timers) starts the pass itself.
   */
  private schedulePass(): void {
    if (this.timer === null) {
      this.dueAt = performance.now() + BUFFER_SAVE_DELAY_MS;
      this.timer = setTimeout(() => this.passNow(), BUFFER_SAVE_DELAY_MS);
    } else if (performance.now() > this.dueAt) {
      clearTimeout(this.timer);
      this.passNow();
    }
  }

  private passNow(): void {
    this.dueAt = Infinity;
    void this.persistSoon();
  }

  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const mine = this.turns.then(step);
    this.turns = mine.catch(() => undefined);
    return mine;
  }

  persistSoon(): Promise<void> {
    return this.inTurn(() => this.persist()).catch((e: unknown) => console.error('VMark: buffer journal failed', e));
  }

  private async persist(): Promise<void> {
    this.timer = null;
    const model = this.store.getSnapshot();
    const db = await openVMarkDb();
    const live = new Set<string>();
    for (const tab of model.tabs) {
      if (!isDirty(tab)) continue;
      live.add(tab.id);
      const write = this.log.plan(bufferOf(model, tab, tab.content));
      if (!write) continue;
      await writeAlone(db, write);
      this.log.commit(write, tab.content);
    }
    for (const tabId of new Set([...this.log.tabs(), ...this.closed])) {
      if (live.has(tabId)) continue;
      const write: BufferWrite = { kind: 'forget', tabId };
      await writeAlone(db, write);
      this.log.commit(write, '');
      this.closed.delete(tabId);
    }
  }

  /**
   * Runs `step` (a journal transaction) in this journal's turn, handing it the writes that make
   * what IndexedDB restores of tab `tabId` hold `text` (its buffer, or its file when `text` is the
   * saved text), or null when that cannot be written on the way (a large new base, a closed tab).
   * When `step` fails, what is stored of the tab is not known: the next pass writes it anew.
   * `known`: the change from a text before to `text`, which spares a diff when the buffer holds that text.
   */
  withText<T>(tabId: string, text: string, step: (alongside: Alongside | null) => Promise<T>, known?: { before: string; change: TextChange }): Promise<T> {
    return this.inTurn(async () => {
      const write = this.planText(tabId, text, known);
      const alongside: Alongside | null =
        write === undefined ? null : write === null ? { stores: [], write: () => undefined } : { stores: [...BUFFER_STORES], write: (tx) => writeBuffer(tx, write) };
      try {
        const result = await step(alongside);
        if (write) this.log.commit(write, text);
        return result;
      } catch (error) {
        if (write) {
          this.log.invalidate(tabId);
          this.timer ??= setTimeout(() => void this.persistSoon(), 0);
        }
        throw error;
      }
    });
  }

  /** The write that makes the stored buffer of a tab hold `text`: null when it holds it already, undefined when it cannot be written on the way. */
  private planText(tabId: string, text: string, known?: { before: string; change: TextChange }): BufferWrite | null | undefined {
    const model = this.store.getSnapshot();
    const tab = model.tabs.find((t) => t.id === tabId);
    if (!tab) return this.log.has(tabId) ? { kind: 'forget', tabId } : undefined;
    // a text equal to the saved one is restored from the file: no buffer then
    if (text === tab.savedContent) return this.log.has(tabId) ? { kind: 'forget', tabId } : null;
    const write = this.log.plan(bufferOf(model, tab, text), known);
    if (write?.kind === 'base' && text.length + tab.savedContent.length >= ALONGSIDE_BASE_MAX_CHARS) return undefined;
    return write;
  }
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
  await writeAlone(await openVMarkDb(), { kind: 'forget', tabId });
}

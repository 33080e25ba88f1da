/** What a worker's OPFS file offers (TypeScript's DOM types lack the `mode` option). */
export interface SyncAccess {
  getSize(): number;
  read(into: Uint8Array, options: { at: number }): number;
  write(data: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}
type SyncOpener = (options?: { mode: 'readwrite-unsafe' }) => Promise<SyncAccess>;

/**
 * A sync access handle on an OPFS file; null where there is none (a picked folder on disk, a page),
 * or none now (another handle or a writable holds the file: `busy`).
 * 'readwrite-unsafe' does not lock other windows' workers out (their writes are serialised by a Web Lock).
 */
export async function openSyncAccess(handle: FileSystemFileHandle, mode?: 'readwrite-unsafe', busy?: { now: boolean }): Promise<SyncAccess | null> {
  const open = (handle as unknown as { createSyncAccessHandle?: SyncOpener }).createSyncAccessHandle;
  if (typeof open !== 'function') return null;
  try {
    return await open.call(handle, mode ? { mode } : undefined);
  } catch (error) {
    if (busy) busy.now = (error as DOMException)?.name === 'NoModificationAllowedError';
    return null;
  }
}

/** Writes all of `bytes` at `at` (a sync write may take part of them). */
export function writeAllAt(access: SyncAccess, bytes: Uint8Array, at: number): void {
  for (let written = 0; written < bytes.length; ) written += access.write(bytes.subarray(written), { at: at + written });
}

interface Kept {
  access: Promise<SyncAccess | null>;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Sync access handles kept open between uses that come close together: opening one is a handle
 * call (about 1 ms on a loaded machine), a write through an open one is not. Each closes after
 * `idleMs` unused, so the lock it holds keeps other writers (a page's createWritable, a removeEntry)
 * out only briefly.
 */
export class KeptSyncHandles {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly idleMs: number) {}

  /** Runs `work` on the kept handle for `key`, opened by `open` when none is; null when `open` finds none. */
  async use<T>(key: string, open: () => Promise<SyncAccess | null>, work: (access: SyncAccess) => T): Promise<T | null> {
    let kept = this.kept.get(key);
    if (!kept) {
      kept = { access: open().catch(() => null) };
      this.kept.set(key, kept);
    }
    clearTimeout(kept.timer);
    const access = await kept.access;
    if (!access) {
      if (this.kept.get(key) === kept) this.kept.delete(key);
      return null;
    }
    try {
      return work(access);
    } catch (error) {
      this.close(key);
      throw error;
    } finally {
      const current = this.kept.get(key);
      if (current === kept) {
        clearTimeout(current.timer);
        current.timer = setTimeout(() => this.close(key), this.idleMs);
      }
    }
  }

  /**
   * Runs `work` on the handle kept for `key` if one is open now (never opens one, nor keeps it open
   * longer); null when none is, or it closed meanwhile.
   */
  async ifOpen<T>(key: string, work: (access: SyncAccess) => T): Promise<T | null> {
    const kept = this.kept.get(key);
    const access = kept && (await kept.access);
    if (!access || this.kept.get(key) !== kept) return null;
    try {
      return work(access);
    } catch {
      return null;
    }
  }

  /** Closes the handle kept for `key` (a later use opens it again). */
  close(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    clearTimeout(kept.timer);
    void kept.access.then((access) => {
      try {
        access?.close();
      } catch {
        // already closed
      }
    });
  }

  /** How many handles are open now (tests). */
  get size(): number {
    return this.kept.size;
  }
}

import type { KeptSyncHandles, SyncAccess } from './keptSyncHandles';

const COOKIE_BYTE = new Uint8Array([0x2a]);
/** A cookie no worker has written for this long is a closed window's: removed when a watch starts. */
const STALE_COOKIE_MS = 60 * 60 * 1000;

/** Removes other workers' cookies left behind (a worker ends without a word); a live one's is left. */
async function sweepCookies(dir: FileSystemDirectoryHandle, own: string): Promise<void> {
  for await (const [name, handle] of dir.entries()) {
    if (name === own || !name.startsWith('watch-') || handle.kind !== 'file') continue;
    try {
      if (Date.now() - (await (handle as FileSystemFileHandle).getFile()).lastModified > STALE_COOKIE_MS) await dir.removeEntry(name);
    } catch {
      // in use by a live worker, or gone already
    }
  }
}

/** How the cookie reaches the storage it lives in. */
export interface CookieStore {
  /** `.vmark/cache/`, made when missing; null when the workspace has no `.vmark/`. */
  folder(): Promise<FileSystemDirectoryHandle | null>;
  /** A sync access handle on the cookie `name` in `dir`, or null (gone, or none to be had: see `syncAllowed`). */
  syncAccess(dir: FileSystemDirectoryHandle, name: string): Promise<SyncAccess | null>;
  /** False once a file of the storage had no sync access handle (a picked folder on disk). */
  syncAllowed(): boolean;
  readonly syncHandles: KeptSyncHandles;
}

/**
 * The watch's cookie in `.vmark/cache/`: a file this worker writes so that its FileSystemObserver
 * reports a record of its own, which tells it every change made before has been reported
 * (`ObservedTree.settle`).
 */
export class WatchCookie {
  /** `.vmark/cache/`, once found (a handle names a path: it stays right if the folder is made again). */
  private folder: FileSystemDirectoryHandle | null = null;

  constructor(private readonly store: CookieStore) {}

  /** Makes the cookie `name` and removes the ones closed windows left. */
  async prepare(name: string): Promise<void> {
    const dir = await this.store.folder();
    if (!dir) return;
    await dir.getFileHandle(name, { create: true });
    await sweepCookies(dir, name);
  }

  /**
   * One byte written in place through a kept sync access handle (FileSystemObserver reports every such
   * write): the name written, or null without `.vmark/`. Without a sync access handle (a picked folder
   * on disk), or when the cookie went: a new file each round, its name.
   */
  async write(name: string, round: number): Promise<string | null> {
    const dir = (this.folder ??= await this.store.folder());
    if (!dir) return null;
    const { store } = this;
    const inPlace = store.syncAllowed()
      ? await store.syncHandles.use(
          `cookie:${name}`,
          () => store.syncAccess(dir, name),
          (access) => access.write(COOKIE_BYTE, { at: 0 }),
        )
      : null;
    if (inPlace !== null) return name;
    const fresh = `${name}-${round}`;
    const writable = await (await dir.getFileHandle(fresh, { create: true })).createWritable();
    await writable.close();
    setTimeout(() => void dir.removeEntry(fresh).catch(() => undefined), 0);
    return fresh;
  }
}

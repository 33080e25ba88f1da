import { CACHE_DIR } from '@vmark/shared/lib/coherence/index';
import { openSyncAccess, writeAllAt, type KeptSyncHandles, type SyncAccess } from './keptSyncHandles';

/** A value every window's ledger append replaces (derived state: in the cache folder, never tracked). */
export const LEDGER_GENERATION_PATH = `${CACHE_DIR}/ledger-generation`;

const KEPT_KEY = 'ledger-generation';
/** A UUID's length; a read takes the whole file however long. */
const READ_CHUNK = 64;

function readAll(access: SyncAccess): string {
  const bytes = new Uint8Array(Math.max(READ_CHUNK, access.getSize()));
  const read = access.read(bytes, { at: 0 });
  return new TextDecoder().decode(bytes.subarray(0, read));
}

/**
 * Tells a window inside the ledger's Web Lock whether what it remembers of `.vmark/ledger/` (its
 * listing, its segments' sizes) may be out of date, without listing and sizing every segment: every
 * append of every window writes a new random value into one file after its lines, under one lock
 * for all the ledger's appends. A window that reads the value it read when it last forgot the ledger
 * knows nobody appended since; its own appends carry the value along while nobody else's came in
 * between. The value is read through a kept sync access handle (no handle call); where there is none
 * (a picked folder on disk), through the file. A watch record can lag another window's append; this
 * cannot. Changes from outside the browser (git, a sync client) still reach the cache through the watch.
 */
export class LedgerGeneration {
  /** The value read when this window last forgot the ledger: everything remembered since was looked at after it. */
  private seen: string | null = null;
  /** No sync access handle can be had on the file (a picked folder on disk): do not ask again. */
  private noSyncAccess = false;

  constructor(
    private readonly file: (create: boolean) => Promise<FileSystemFileHandle | null>,
    private readonly handles: KeptSyncHandles,
  ) {}

  /**
   * Inside the ledger's lock: true when the value moved since it was last seen (or cannot be read),
   * and the caller must forget what it remembers of the ledger; the value read becomes the one seen.
   */
  async moved(): Promise<boolean> {
    let now: string | null;
    try {
      now = await this.read();
    } catch {
      now = null;
    }
    const moved = now === null || now !== this.seen;
    this.seen = now;
    return moved;
  }

  /**
   * After an append, inside the lock every ledger append holds: a new value. When the value before it
   * was the one this window saw, nobody else appended since, so this window still knows the ledger
   * (its own append forgot the segment it wrote). A failed write is reported, not thrown (the lines
   * are written): other windows then learn of them through their watch.
   */
  async bump(): Promise<void> {
    try {
      const before = await this.read();
      const next = crypto.randomUUID();
      await this.write(next);
      this.seen = before !== null && before === this.seen ? next : null;
    } catch (error) {
      this.seen = null;
      console.warn('VMark: could not mark the ledger changed for other windows; they see the append through their watch', error);
    }
  }

  private syncAccess(create: boolean): () => Promise<SyncAccess | null> {
    return async () => {
      const handle = await this.file(create);
      const access = handle && (await openSyncAccess(handle, 'readwrite-unsafe'));
      if (handle && !access) this.noSyncAccess = true;
      return access;
    };
  }

  private async read(): Promise<string | null> {
    if (!this.noSyncAccess) {
      const text = await this.handles.use(KEPT_KEY, this.syncAccess(false), readAll);
      if (text !== null || !this.noSyncAccess) return text;
    }
    return (await (await this.file(false))?.getFile())?.text() ?? null;
  }

  private async write(value: string): Promise<void> {
    const bytes = new TextEncoder().encode(value);
    if (!this.noSyncAccess) {
      const written = await this.handles.use(KEPT_KEY, this.syncAccess(true), (access) => {
        // no flush: other windows read the file through their own handles, which see the write
        // without one, and after a crash every window starts over not knowing the ledger
        writeAllAt(access, bytes, 0);
        access.truncate(bytes.length);
        return true;
      });
      if (written) return;
    }
    const writable = await ((await this.file(true)) as FileSystemFileHandle).createWritable();
    await writable.write(value);
    await writable.close();
  }
}

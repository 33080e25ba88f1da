import { openSyncAccess, writeAllAt, type SyncAccess } from './keptSyncHandles';

/** The folder, at the top of the origin's private file system (beside Scratch, outside every workspace), of the journals. */
const JOURNALS_DIR = 'coherence-write-behind';

interface Held {
  path: string;
  text: string;
}

function parse(line: string): Held | null {
  try {
    const held = JSON.parse(line) as Partial<Held>;
    return typeof held.path === 'string' && typeof held.text === 'string' ? { path: held.path, text: held.text } : null;
  } catch {
    return null;
  }
}

function readAll(access: SyncAccess): string {
  const bytes = new Uint8Array(access.getSize());
  for (let read = 0; read < bytes.length; ) {
    const n = access.read(bytes.subarray(read), { at: read });
    if (n <= 0) break;
    read += n;
  }
  return new TextDecoder().decode(bytes);
}

/** The Web Lock a journal's worker holds for its life: free once that worker ended. */
const lockOf = (name: string) => `vmark-coherence-journal:${name}`;
/** How often, and how far apart, an ended worker's journal is tried while the browser releases its handle (it trails the lock). */
const RELEASE_TRIES = 20;
const RELEASE_WAIT_MS = 50;

async function openReleased(handle: FileSystemFileHandle): Promise<SyncAccess | null> {
  for (let tries = 0; tries < RELEASE_TRIES; tries++) {
    const access = await openSyncAccess(handle);
    if (access) return access;
    await new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS));
  }
  return null;
}

/**
 * The texts a worker's storage holds to write after answering (`HandleCoherenceStorage.writeOnce`),
 * kept where they outlive the worker: one journal file per worker, per workspace, in OPFS, written
 * through a sync access handle the worker keeps open for its life. A record is a synchronous write
 * into that open file (no handle call), so it costs the answer next to nothing, and it is in the
 * file before the answer leaves: a worker that ends before writing behind loses nothing. Each
 * worker holds a Web Lock named after its journal while it lives; a journal whose lock is free is
 * an ended worker's, and the next worker on the workspace takes its texts over (`adoptOrphans`).
 * No flush: a worker ending does not undo a write the file system took.
 */
export class WriteBehindJournal {
  private end = 0;

  private constructor(
    private readonly access: SyncAccess,
    private readonly folder: FileSystemDirectoryHandle,
    private readonly name: string,
  ) {}

  /** This worker's journal for the workspace `scope`; null where there is no sync access handle (then nothing outlives the worker). */
  static async open(top: FileSystemDirectoryHandle, scope: string): Promise<WriteBehindJournal | null> {
    const folder = await (await top.getDirectoryHandle(JOURNALS_DIR, { create: true })).getDirectoryHandle(encodeURIComponent(scope), { create: true });
    const name = `${crypto.randomUUID()}.jsonl`;
    // the lock first: no other worker may take the file for an ended one's
    await new Promise<void>((held) => void navigator.locks.request(lockOf(name), () => (held(), new Promise<never>(() => undefined))));
    const access = await openSyncAccess(await folder.getFileHandle(name, { create: true }));
    if (!access) {
      await folder.removeEntry(name).catch(() => undefined);
      return null;
    }
    return new WriteBehindJournal(access, folder, name);
  }

  /** Keeps a text until `clear()`. */
  record(path: string, text: string): void {
    const bytes = new TextEncoder().encode(`${JSON.stringify({ path, text })}\n`);
    writeAllAt(this.access, bytes, this.end);
    this.end += bytes.length;
  }

  /** Everything recorded is written: the journal starts empty again. */
  clear(): void {
    if (this.end === 0) return;
    this.access.truncate(0);
    this.end = 0;
  }

  /**
   * Takes over the texts of ended workers' journals on this workspace: each goes to `keep` (which
   * records it in this journal), then the ended worker's journal is removed. Journals of workers
   * still alive (another window) are left. Returns how many texts were taken over.
   */
  async adoptOrphans(keep: (path: string, text: string) => void): Promise<number> {
    const others: [string, FileSystemFileHandle][] = [];
    for await (const [name, handle] of this.folder.entries()) if (name !== this.name && handle.kind === 'file') others.push([name, handle as FileSystemFileHandle]);
    let adopted = 0;
    for (const [name, handle] of others) {
      await navigator.locks.request(lockOf(name), { ifAvailable: true }, async (lock) => {
        if (!lock) return; // its worker lives
        const access = await openReleased(handle);
        if (!access) return;
        try {
          for (const line of readAll(access).split('\n')) {
            const held = line ? parse(line) : null;
            if (held) {
              keep(held.path, held.text);
              adopted++;
            }
          }
        } finally {
          access.close();
        }
        await this.folder.removeEntry(name).catch(() => undefined);
      });
    }
    return adopted;
  }
}

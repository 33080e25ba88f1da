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
/**
 * How often, and how far apart, journals still locked when looked at are tried again: a worker
 * ended just now may still hold its lock or its handle for a moment (the browser releases them
 * after the worker is gone). Tried in the background; a live window's worker is left after that.
 */
const RETRIES = 20;
const RETRY_MS = 50;

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
   * records it in this journal), then the ended worker's journal is removed. Journals still locked
   * are tried again in the background for a moment (a worker ended just now); after that a journal
   * whose worker lives (another window) is left to the next worker that opens.
   */
  async adoptOrphans(keep: (path: string, text: string) => void): Promise<void> {
    const others: [string, FileSystemFileHandle][] = [];
    for await (const [name, handle] of this.folder.entries()) if (name !== this.name && handle.kind === 'file') others.push([name, handle as FileSystemFileHandle]);
    let left = await this.adopt(others, keep);
    if (left.length === 0) return;
    void (async () => {
      for (let tries = 0; tries < RETRIES && left.length > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        left = await this.adopt(left, keep).catch(() => left);
      }
    })();
  }

  /** Takes over the journals whose lock and handle are free; returns the others. */
  private async adopt(journals: [string, FileSystemFileHandle][], keep: (path: string, text: string) => void): Promise<[string, FileSystemFileHandle][]> {
    const left: [string, FileSystemFileHandle][] = [];
    for (const journal of journals) {
      const [name, handle] = journal;
      const taken = await navigator.locks.request(lockOf(name), { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        const access = await openSyncAccess(handle);
        if (!access) return false;
        try {
          for (const line of readAll(access).split('\n')) {
            const held = line ? parse(line) : null;
            if (held) keep(held.path, held.text);
          }
        } finally {
          access.close();
        }
        await this.folder.removeEntry(name).catch(() => undefined);
        return true;
      });
      if (!taken) left.push(journal);
    }
    return left;
  }
}

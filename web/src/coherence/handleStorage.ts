import { forEachAhead, isDocumentName, LEDGER_DIR, SKIPPED_FOLDERS, type CoherenceStorage, type FileStat, type WalkDelta } from '@vmark/shared/lib/coherence/index';
import { observeDirectory } from '../fs/observeDirectory';
import { injectedDelay, testFaults } from '../lib/testFaults';
import { KeptSyncHandles, openSyncAccess, writeAllAt, type SyncAccess } from './keptSyncHandles';
import { LedgerGeneration, LEDGER_GENERATION_PATH } from './ledgerGeneration';
import { MetaCache } from './metaCache';
import { ObservedTree, type StartWatch, type TreeAccess } from './observedTree';
import { HeldWrites } from './heldWrites';
import { SegmentStream } from './segmentStream';
import { WatchCookie } from './watchCookie';

/** Documents stat-ed at once by a walk. */
const STAT_AHEAD = 16;
/** How long a sync access handle (a ledger segment's, the watch's cookie) stays open after its last use. */
const KEEP_OPEN_MS = 1_000;

function segmentsOf(path: string): string[] {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw new Error(`${path} is outside the workspace`);
  return segments;
}

/** The key of the sync access handle a file's appends keep open. */
const appendKey = (path: string) => `append:${segmentsOf(path).join('/')}`;

async function fileIn(dir: FileSystemDirectoryHandle, name: string, create: boolean): Promise<FileSystemFileHandle | null> {
  try {
    return await dir.getFileHandle(name, { create });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  const name = (error as DOMException)?.name;
  return name === 'NotFoundError' || name === 'TypeMismatchError';
}

/** A FileSystemObserver on the workspace, paths made workspace-relative. */
export const observeHandle =
  (root: FileSystemDirectoryHandle): StartWatch =>
  (onChange, onObserving) =>
    observeDirectory(
      root,
      '/',
      (paths, modifiedOnly) => onChange(paths === 'all' ? 'all' : paths.map((p) => p.slice(1)), modifiedOnly && new Set([...modifiedOnly].map((p) => p.slice(1)))),
      onObserving,
    );

/**
 * The coherence kernel's storage over a directory handle: Scratch (OPFS) or a folder the person
 * picked. Writes go through createWritable, which swaps the file in on close; appends and replaces
 * of one file are serialised under a Web Lock, so two windows on the same workspace never lose a line.
 *
 * Where FileSystemObserver exists, the walk is an `ObservedTree` (a scan after a small change looks
 * at the changed files only), and the sizes, listings and folders asked of `.vmark/` are remembered
 * between calls while the watch reports nothing there (so `status` makes no handle call per segment);
 * this storage's own writes forget them at once, other windows' writes when their records arrive.
 */
export class HandleCoherenceStorage implements CoherenceStorage {
  private readonly tree: ObservedTree;
  private readonly meta: MetaCache;
  /** Folder handles by path, for reaching files (handles name a path, so one stays right if its folder is re-created). */
  private readonly parents = new Map<string, FileSystemDirectoryHandle>();
  /**
   * Files the walk just stat-ed (every document in a full walk, the changed ones after a watched
   * change), by path: the scan's read of each reuses it, two handle calls fewer. Reading one fails
   * (NotReadableError) once the file's size or mtime differ from its snapshot's.
   */
  private readonly statted = new Map<string, File>();
  private readonly syncHandles = new KeptSyncHandles(KEEP_OPEN_MS);
  /** A replay's reads where files have no sync access handle (a picked folder on disk). */
  private readonly streamed = new SegmentStream((path) => this.blob(path));
  /** Files `writeOnce` holds until `writeBehind()` writes them. */
  private readonly behind: HeldWrites;
  /** A file here (the cookie, a segment) had no sync access handle (a picked folder on disk): do not ask again. */
  private noSyncAccess = false;
  /** Whether another window appended to the ledger since this one last looked (see `exclusive`). */
  private readonly generation: LedgerGeneration;

  constructor(
    private readonly root: FileSystemDirectoryHandle,
    /** Names the workspace in lock names (its MCP root). */
    private readonly lockScope: string,
    startWatch: StartWatch = observeHandle(root),
  ) {
    this.tree = new ObservedTree(this.treeAccess(), startWatch, (path, modifiedOnly) => (path !== undefined && modifiedOnly ? this.meta.written(path) : this.meta.forget(path)));
    this.behind = new HeldWrites(lockScope, (path, text) => this.writeAtomic(path, text));
    this.meta = new MetaCache(() => this.tree.watching);
    this.generation = new LedgerGeneration((create) => this.file(LEDGER_GENERATION_PATH, create), this.syncHandles);
  }

  /**
   * A folder, looked up from the deepest of its folders already found (a handle names a path: a
   * lookup under a folder that went finds nothing, as it should). Creating under one that went
   * starts again from the root.
   */
  private async dir(segments: string[], create: boolean): Promise<FileSystemDirectoryHandle | null> {
    let depth = segments.length - 1;
    while (depth > 0 && !this.parents.has(segments.slice(0, depth).join('/'))) depth--;
    if (depth <= 0) return this.descend(this.root, segments, 0, create);
    const found = await this.descend(this.parents.get(segments.slice(0, depth).join('/')) as FileSystemDirectoryHandle, segments, depth, create);
    if (found || !create) return found;
    const gone = segments.slice(0, depth).join('/');
    for (const key of [...this.parents.keys()]) if (key === gone || key.startsWith(`${gone}/`)) this.parents.delete(key);
    return this.descend(this.root, segments, 0, create);
  }

  private async descend(from: FileSystemDirectoryHandle, segments: string[], depth: number, create: boolean): Promise<FileSystemDirectoryHandle | null> {
    let dir = from;
    for (let i = depth; i < segments.length; i++) {
      try {
        dir = await dir.getDirectoryHandle(segments[i] as string, { create });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      this.parents.set(segments.slice(0, i + 1).join('/'), dir);
    }
    return dir;
  }

  private async file(path: string, create = false): Promise<FileSystemFileHandle | null> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) return null;
    const key = segments.join('/');
    const cached = this.parents.get(key);
    if (cached) {
      const found = await fileIn(cached, name, create);
      // not there: the file is missing, or (creating) its folder went and is made again below
      if (found || !create) return found;
      this.parents.delete(key);
    }
    const parent = await this.dir(segments, create);
    if (!parent) return null;
    this.parents.set(key, parent);
    return fileIn(parent, name, create);
  }

  private async blob(path: string): Promise<Blob | null> {
    const behind = this.behind.get(path);
    if (behind !== undefined) return new Blob([behind]);
    return (await (await this.file(path))?.getFile()) ?? null;
  }

  async readText(path: string): Promise<string | null> {
    // the file the walk just stat-ed: its text goes with the size and mtime the scan records
    const statted = this.statted.get(path);
    if (statted) {
      this.statted.delete(path);
      try {
        return await statted.text();
      } catch {
        // changed since (no longer readable): read it afresh
      }
    }
    return (await (await this.blob(path))?.text()) ?? null;
  }

  async readBytes(path: string): Promise<Uint8Array | null> {
    const blob = await this.blob(path);
    return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
  }

  /**
   * Through the sync access handle the segment's appends use (OPFS), read straight into `into`:
   * no stream, no copy. Shared with other windows' handles ('readwrite-unsafe'); an append racing
   * the read can only leave a last line without its `\n`, which the ledger leaves for its tail
   * read. The handle closes when a read reaches the end. Elsewhere (a picked folder on disk) a byte
   * stream of the file.
   */
  async readInto(path: string, position: number, into: Uint8Array, at: number, length: number): Promise<number> {
    if (!this.noSyncAccess && !this.behind.has(path)) {
      const read = await this.syncHandles.use(appendKey(path), () => this.openToRead(path), (access) => access.read(into.subarray(at, at + length), { at: position }));
      // read to its end: the handle is let go at once, not kept (it would keep a page's createWritable out)
      if (read === 0) this.syncHandles.close(appendKey(path));
      if (read !== null) return read;
    }
    // no sync access handles here, none now (a writable holds the file), or no such file
    return this.streamed.readInto(path, position, into, at, length);
  }

  /** Opens the segments' sync access handles at once (each open is two round trips); each is let go when its read reaches the end, or after its idle second. */
  readingNext(paths: readonly string[]): void {
    if (this.noSyncAccess) return;
    for (const path of paths) if (!this.behind.has(path)) void this.syncHandles.use(appendKey(path), () => this.openToRead(path), () => undefined).catch(() => undefined);
  }

  private async openToRead(path: string): Promise<SyncAccess | null> {
    return this.syncAccessTo(await this.file(path), 'readwrite-unsafe');
  }

  /** A sync access handle on `file`. None to be had, and not because another holds it: this storage goes without them from now on. */
  private async syncAccessTo(file: FileSystemFileHandle | null, mode?: 'readwrite-unsafe'): Promise<SyncAccess | null> {
    if (!file) return null;
    const busy = { now: false };
    const access = await openSyncAccess(file, mode, busy);
    if (!access && !busy.now) this.noSyncAccess = true;
    return access;
  }

  async readFrom(path: string, from: number, to?: number): Promise<string> {
    const blob = await this.blob(path);
    return blob ? blob.slice(from, to).text() : '';
  }

  /**
   * A ledger segment this worker appended to lately is sized through the sync access handle its
   * appends keep open (no handle call, and current whatever the watch reported since: nothing can
   * replace or remove the file while the handle is open).
   */
  async size(path: string): Promise<number | null> {
    if (this.behind.has(path)) return (await this.blob(path))?.size ?? null;
    const open = await this.syncHandles.ifOpen(appendKey(path), (access) => access.getSize());
    return open ?? this.meta.remember('size', path, async () => (await this.blob(path))?.size ?? null);
  }

  /**
   * Held until `writeBehind()`, which the worker runs once a call has answered (so its handle calls
   * do not delay the answer); read from memory until then, and recorded in the write-behind journal
   * so that it outlives the worker.
   */
  writeOnce(path: string, text: string): Promise<void> {
    return this.behind.hold(path, text);
  }

  /** Opens this worker's write-behind journal and takes over what ended workers left unwritten (see HeldWrites). */
  openJournal(top?: FileSystemDirectoryHandle): Promise<void> {
    return this.behind.openJournal(top);
  }

  /** Writes what `writeOnce` held; what fails stays held and is tried again next time. */
  writeBehind(): Promise<void> {
    return this.behind.writeBehind();
  }

  /**
   * Runs a write of `path` under a Web Lock: one per file, and one for every file of the ledger,
   * whose writes each leave a new ledger generation before the lock is let go (see `exclusive`).
   * `work` resolves to the file's size after it when it knows it (then remembered), else null.
   */
  private async locked(path: string, work: () => Promise<number | null>): Promise<void> {
    const key = segmentsOf(path).join('/');
    const inLedger = key.startsWith(`${LEDGER_DIR}/`);
    let size: number | null = null;
    const written = () => (size === null ? this.meta.forget(key) : this.meta.appended(key, size));
    await navigator.locks.request(`vmark-coherence:${this.lockScope}:${inLedger ? LEDGER_DIR : key}`, async () => {
      try {
        size = await work();
      } finally {
        // a failed write may have written part: other windows must look again too
        written();
        if (inLedger) await this.generation.bump();
      }
    });
  }

  /**
   * Appends through a sync access handle where there is one (OPFS, in a worker): written in place at
   * the end, where createWritable first copies the whole file to a swap file (a ledger segment runs
   * to megabytes). The handle stays open while appends come close together; its size, read under
   * the lock, is where the text went, so that offset is returned. Elsewhere createWritable.
   */
  async append(path: string, text: string): Promise<number | void> {
    let placed: number | null = null;
    await this.locked(path, async () => {
      const bytes = new TextEncoder().encode(text);
      placed = await this.syncHandles.use(
        appendKey(path),
        async () => openSyncAccess((await this.file(path, true)) as FileSystemFileHandle, 'readwrite-unsafe'),
        (access) => {
          const end = access.getSize();
          writeAllAt(access, bytes, end);
          access.flush();
          return end;
        },
      );
      if (placed !== null) return placed + bytes.length;
      const handle = (await this.file(path, true)) as FileSystemFileHandle;
      const writable = await handle.createWritable({ keepExistingData: true });
      const size = (await handle.getFile()).size;
      await writable.seek(size);
      await writable.write(text);
      await writable.close();
      return null;
    });
    return placed ?? undefined;
  }

  /**
   * One window's kernel at a time on this workspace (a Web Lock). What is remembered of the ledger's
   * listing and sizes is forgotten inside it when the ledger generation moved: another window's
   * append may not have reached the watch yet. Otherwise nobody appended since this window last
   * looked, and a scan's catch-up makes no handle call per segment.
   */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    return navigator.locks.request(`vmark-coherence-ledger:${this.lockScope}`, async () => {
      if (await this.generation.moved()) this.meta.forget(LEDGER_DIR);
      return work();
    });
  }

  async writeAtomic(path: string, content: string | Uint8Array): Promise<void> {
    await this.locked(path, async () => {
      const handle = (await this.file(path, true)) as FileSystemFileHandle;
      const writable = await handle.createWritable();
      await writable.write(content as string | Uint8Array<ArrayBuffer>);
      await writable.close();
      return null;
    });
  }

  async list(path: string): Promise<string[]> {
    const names = await this.meta.remember('list', path, async () => {
      const dir = await this.dir(segmentsOf(path), false);
      if (!dir) return [];
      const found: string[] = [];
      for await (const [name, handle] of dir.entries()) if (handle.kind === 'file') found.push(name);
      return found.sort();
    });
    return [...names];
  }

  isDirectory(path: string): Promise<boolean> {
    return this.meta.remember('dir', path, async () => (await this.dir(segmentsOf(path), false)) !== null);
  }

  async walk(): Promise<FileStat[]> {
    await injectedDelay(testFaults.coherence.scanDelayMs);
    this.statted.clear();
    const files = await this.tree.walk();
    // a walk after a change hands the scan its delta, not the list: only a full one is sorted
    return this.tree.lastDelta() ? files : files.sort((a, b) => a.path.localeCompare(b.path));
  }

  walkDelta(): WalkDelta | null {
    return this.tree.lastDelta();
  }

  /** Waits until the watch has reported every change made before the call (see ObservedTree.settle). */
  async settle(): Promise<void> {
    await this.tree.settle();
  }

  /** Files the last walk examined: every document, or only those the watch reported changed. */
  examined(): number {
    return this.tree.examined;
  }

  private treeAccess(): TreeAccess {
    const stat = async (path: string, handle: FileSystemFileHandle): Promise<FileStat> => {
      const file = await handle.getFile();
      this.statted.set(path, file);
      return { path, size: file.size, mtimeMs: file.lastModified };
    };
    const walk = async (folder: string): Promise<FileStat[]> => {
      const start = await this.dir(segmentsOf(folder), false);
      if (!start) return [];
      const documents: [string, FileSystemFileHandle][] = [];
      const visit = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
        for await (const [name, handle] of dir.entries()) {
          if (handle.kind === 'directory') {
            if (!SKIPPED_FOLDERS.has(name)) await visit(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
          } else if (isDocumentName(name)) {
            documents.push([`${prefix}${name}`, handle as FileSystemFileHandle]);
          }
        }
      };
      await visit(start, folder === '' ? '' : `${folder}/`);
      // one getFile per document, several in flight (each is a round trip to the browser process)
      const found: FileStat[] = [];
      await forEachAhead(documents, STAT_AHEAD, ([path, handle]) => stat(path, handle), (_, file) => void found.push(file as FileStat));
      return found;
    };
    const cookie = new WatchCookie({
      folder: async () => {
        const vmark = await this.dir(['.vmark'], false);
        return vmark ? vmark.getDirectoryHandle('cache', { create: true }) : null;
      },
      syncAccess: async (dir, name) => this.syncAccessTo(await fileIn(dir, name, false)),
      syncAllowed: () => !this.noSyncAccess,
      syncHandles: this.syncHandles,
    });
    return {
      walk,
      stat: async (path) => {
        const segments = segmentsOf(path);
        const name = segments.pop() as string;
        const look = async (parent: FileSystemDirectoryHandle | null): Promise<FileStat | 'folder' | null> => {
          if (!parent) return null;
          try {
            const handle = await parent.getFileHandle(name);
            return isDocumentName(name) ? await stat(path, handle) : null;
          } catch (error) {
            if ((error as DOMException)?.name === 'TypeMismatchError') return 'folder';
            if (isNotFound(error)) return null;
            throw error;
          }
        };
        // a document through its folder's handle found before (a handle names a path): one lookup
        // fewer; anything else (gone, a folder, the folder went or is a file now) from the root
        const known = this.parents.get(segments.join('/'));
        const found = known ? await look(known).catch(() => null) : null;
        return typeof found === 'object' && found !== null ? found : look(await this.dir(segments, false));
      },
      prepareCookie: (name) => cookie.prepare(name),
      writeCookie: (name, round) => cookie.write(name, round),
    };
  }
}

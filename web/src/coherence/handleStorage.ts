import { forEachAhead, isDocumentName, SKIPPED_FOLDERS, type CoherenceStorage, type FileStat, type WalkDelta } from '@vmark/shared/lib/coherence/index';
import { observeDirectory } from '../fs/observeDirectory';
import { injectedDelay, testFaults } from '../lib/testFaults';
import { MetaCache } from './metaCache';
import { ObservedTree, type StartWatch, type TreeAccess } from './observedTree';

/** Documents stat-ed at once by a walk. */
const STAT_AHEAD = 16;

function segmentsOf(path: string): string[] {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw new Error(`${path} is outside the workspace`);
  return segments;
}

async function fileIn(dir: FileSystemDirectoryHandle, name: string, create: boolean): Promise<FileSystemFileHandle | null> {
  try {
    return await dir.getFileHandle(name, { create });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** What a worker's OPFS file offers (TypeScript's DOM types lack the `mode` option). */
interface SyncAccess {
  getSize(): number;
  write(data: Uint8Array, options: { at: number }): number;
  flush(): void;
  close(): void;
}
type SyncOpener = (options?: { mode: 'readwrite-unsafe' }) => Promise<SyncAccess>;

/**
 * Appends through a sync access handle (OPFS, in a worker): written in place at the end, where
 * createWritable first copies the whole file to a swap file (a ledger segment runs to megabytes).
 * False where there is none (a picked folder on disk, a page): the caller uses createWritable.
 * 'readwrite-unsafe' does not lock other windows out; appends are serialised by the Web Lock.
 */
async function appendInPlace(handle: FileSystemFileHandle, text: string): Promise<boolean> {
  const open = (handle as unknown as { createSyncAccessHandle?: SyncOpener }).createSyncAccessHandle;
  if (typeof open !== 'function') return false;
  let access: SyncAccess;
  try {
    access = await open.call(handle, { mode: 'readwrite-unsafe' });
  } catch {
    return false;
  }
  try {
    const bytes = new TextEncoder().encode(text);
    const end = access.getSize();
    for (let written = 0; written < bytes.length; ) written += access.write(bytes.subarray(written), { at: end + written });
    access.flush();
  } finally {
    access.close();
  }
  return true;
}

function isNotFound(error: unknown): boolean {
  const name = (error as DOMException)?.name;
  return name === 'NotFoundError' || name === 'TypeMismatchError';
}

/** A FileSystemObserver on the workspace, paths made workspace-relative. */
export const observeHandle =
  (root: FileSystemDirectoryHandle): StartWatch =>
  (onChange, onObserving) =>
    observeDirectory(root, '/', (paths) => onChange(paths === 'all' ? 'all' : paths.map((p) => p.slice(1))), onObserving);

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

  constructor(
    private readonly root: FileSystemDirectoryHandle,
    /** Names the workspace in lock names (its MCP root). */
    private readonly lockScope: string,
    startWatch: StartWatch = observeHandle(root),
  ) {
    this.tree = new ObservedTree(this.treeAccess(), startWatch, (path) => this.meta.forget(path));
    this.meta = new MetaCache(() => this.tree.watching);
  }

  private async dir(segments: string[], create: boolean): Promise<FileSystemDirectoryHandle | null> {
    let dir = this.root;
    for (const segment of segments) {
      try {
        dir = await dir.getDirectoryHandle(segment, { create });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
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

  private async blob(path: string): Promise<File | null> {
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

  async readFrom(path: string, from: number, to?: number): Promise<string> {
    const blob = await this.blob(path);
    return blob ? blob.slice(from, to).text() : '';
  }

  size(path: string): Promise<number | null> {
    return this.meta.remember('size', path, async () => (await this.blob(path))?.size ?? null);
  }

  private async locked(path: string, work: () => Promise<void>): Promise<void> {
    try {
      await navigator.locks.request(`vmark-coherence:${this.lockScope}:${path}`, work);
    } finally {
      this.meta.forget(segmentsOf(path).join('/'));
    }
  }

  async append(path: string, text: string): Promise<void> {
    await this.locked(path, async () => {
      const handle = (await this.file(path, true)) as FileSystemFileHandle;
      if (await appendInPlace(handle, text)) return;
      const writable = await handle.createWritable({ keepExistingData: true });
      const size = (await handle.getFile()).size;
      await writable.seek(size);
      await writable.write(text);
      await writable.close();
    });
  }

  async writeAtomic(path: string, text: string): Promise<void> {
    await this.locked(path, async () => {
      const handle = (await this.file(path, true)) as FileSystemFileHandle;
      const writable = await handle.createWritable();
      await writable.write(text);
      await writable.close();
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
    const cookieDir = async (): Promise<FileSystemDirectoryHandle | null> => {
      const vmark = await this.dir(['.vmark'], false);
      return vmark ? vmark.getDirectoryHandle('cache', { create: true }) : null;
    };
    return {
      walk,
      stat: async (path) => {
        const segments = segmentsOf(path);
        const name = segments.pop() as string;
        const parent = await this.dir(segments, false);
        if (!parent) return null;
        try {
          const handle = await parent.getFileHandle(name);
          return isDocumentName(name) ? await stat(path, handle) : null;
        } catch (error) {
          if ((error as DOMException)?.name === 'TypeMismatchError') return 'folder';
          if (isNotFound(error)) return null;
          throw error;
        }
      },
      writeCookie: async (name) => {
        const dir = await cookieDir();
        if (!dir) return false;
        const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await writable.close();
        return true;
      },
      removeCookie: async (name) => {
        await (await cookieDir())?.removeEntry(name);
      },
    };
  }
}

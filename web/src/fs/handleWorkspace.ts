import type { FsEntry, FsStat } from '@vmark/shared';
import { basename, dirname, relativeSegments } from '@vmark/shared/lib/paths/index';
import { observeDirectory } from './observeDirectory';
import { FsError, type WorkspaceFS, type WriteOptions } from './WorkspaceFS';

/**
 * A workspace on a FileSystemDirectoryHandle: Scratch (the OPFS root) or a folder the person picked.
 * Writes go through createWritable, which swaps the file in atomically on close.
 */
export class HandleWorkspace implements WorkspaceFS {
  constructor(
    readonly kind: 'scratch' | 'picked',
    readonly root: string,
    readonly name: string,
    /** The directory itself, for the coherence worker (handles cross to workers by structured clone). */
    readonly handle: FileSystemDirectoryHandle,
  ) {}

  private readonly watchers = new Set<(paths: string[] | 'all') => void>();
  private stopObserving: (() => void) | null = null;

  /** One FileSystemObserver per workspace, however many parts of the app watch it (disk watcher, file tree). */
  watch(onChange: (paths: string[] | 'all') => void): (() => void) | null {
    if (!this.stopObserving) {
      this.stopObserving = observeDirectory(this.handle, this.root, (paths) => {
        for (const watcher of [...this.watchers]) watcher(paths);
      });
      if (!this.stopObserving) return null;
    }
    this.watchers.add(onChange);
    return () => {
      if (!this.watchers.delete(onChange) || this.watchers.size > 0) return;
      this.stopObserving?.();
      this.stopObserving = null;
    };
  }

  private segments(path: string): string[] {
    const segments = relativeSegments(this.root, path);
    if (!segments || segments.some((s) => s === '..' || s === '.')) {
      throw new FsError('INVALID_PATH', `${path} is not inside ${this.root}`);
    }
    return segments;
  }

  private async dir(path: string, create = false): Promise<FileSystemDirectoryHandle> {
    let dir = this.handle;
    for (const segment of this.segments(path)) {
      try {
        dir = await dir.getDirectoryHandle(segment, { create });
      } catch (error) {
        throw mapError(error, path);
      }
    }
    return dir;
  }

  private async file(path: string, create = false): Promise<FileSystemFileHandle> {
    const parent = await this.dir(dirname(path), create);
    try {
      return await parent.getFileHandle(basename(path), { create });
    } catch (error) {
      throw mapError(error, path);
    }
  }

  async list(path: string): Promise<FsEntry[]> {
    const dir = await this.dir(path);
    const entries: FsEntry[] = [];
    for await (const [name, handle] of dir.entries()) entries.push({ name, kind: handle.kind });
    return entries.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'directory' ? -1 : 1));
  }

  async readText(path: string): Promise<string> {
    return (await (await this.file(path)).getFile()).text();
  }

  async readBytes(path: string): Promise<Blob> {
    return (await this.file(path)).getFile();
  }

  async writeText(path: string, content: string, options?: WriteOptions): Promise<FsStat> {
    if (options?.createOnly && (await this.stat(path))) throw new FsError('EXISTS', `${path} already exists`);
    const handle = await this.file(path, true);
    const writable = await handle.createWritable();
    await writable.write(content);
    await writable.close();
    const file = await handle.getFile();
    return { kind: 'file', size: file.size, mtimeMs: file.lastModified };
  }

  async stat(path: string): Promise<FsStat | null> {
    if (this.segments(path).length === 0) return { kind: 'directory', size: 0, mtimeMs: 0 };
    try {
      const parent = await this.dir(dirname(path));
      const name = basename(path);
      try {
        const file = await (await parent.getFileHandle(name)).getFile();
        return { kind: 'file', size: file.size, mtimeMs: file.lastModified };
      } catch {
        await parent.getDirectoryHandle(name);
        return { kind: 'directory', size: 0, mtimeMs: 0 };
      }
    } catch {
      return null;
    }
  }

  async mkdir(path: string): Promise<void> {
    await this.dir(path, true);
  }

  async rename(from: string, to: string): Promise<void> {
    const stat = await this.stat(from);
    if (!stat) throw new FsError('NOT_FOUND', `${from} does not exist`);
    if (await this.stat(to)) throw new FsError('EXISTS', `${to} already exists`);
    if (stat.kind === 'directory') throw new FsError('IO', 'renaming folders is not supported here yet');
    await this.writeText(to, await this.readText(from), { createOnly: true });
    await this.remove(from);
  }

  async remove(path: string): Promise<void> {
    const parent = await this.dir(dirname(path));
    try {
      await parent.removeEntry(basename(path), { recursive: true });
    } catch (error) {
      throw mapError(error, path);
    }
  }
}

function mapError(error: unknown, path: string): FsError {
  const name = (error as DOMException)?.name;
  if (name === 'NotFoundError') return new FsError('NOT_FOUND', `${path} does not exist`);
  if (name === 'TypeMismatchError') return new FsError('INVALID_PATH', `${path} is not the expected kind of entry`);
  return new FsError('IO', `${path}: ${(error as Error)?.message ?? String(error)}`);
}

export const SCRATCH_ROOT = '/vmark-scratch';

export async function openScratch(): Promise<HandleWorkspace> {
  const root = await navigator.storage.getDirectory();
  const scratch = await root.getDirectoryHandle('scratch', { create: true });
  return new HandleWorkspace('scratch', SCRATCH_ROOT, 'Scratch', scratch);
}

import { isDocumentName, SKIPPED_FOLDERS, type CoherenceStorage, type FileStat } from '@vmark/shared/lib/coherence/index';
import { injectedDelay, testFaults } from '../lib/testFaults';

function segmentsOf(path: string): string[] {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw new Error(`${path} is outside the workspace`);
  return segments;
}

function isNotFound(error: unknown): boolean {
  const name = (error as DOMException)?.name;
  return name === 'NotFoundError' || name === 'TypeMismatchError';
}

/**
 * The coherence kernel's storage over a directory handle: Scratch (OPFS) or a folder the person
 * picked. Writes go through createWritable, which swaps the file in on close; appends and replaces
 * of one file are serialised under a Web Lock, so two windows on the same workspace never lose a line.
 */
export class HandleCoherenceStorage implements CoherenceStorage {
  constructor(
    private readonly root: FileSystemDirectoryHandle,
    /** Names the workspace in lock names (its MCP root). */
    private readonly lockScope: string,
  ) {}

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
    const parent = await this.dir(segments, create);
    if (!parent) return null;
    try {
      return await parent.getFileHandle(name, { create });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private async blob(path: string): Promise<File | null> {
    return (await (await this.file(path))?.getFile()) ?? null;
  }

  async readText(path: string): Promise<string | null> {
    return (await (await this.blob(path))?.text()) ?? null;
  }

  async readFrom(path: string, from: number, to?: number): Promise<string> {
    const blob = await this.blob(path);
    return blob ? blob.slice(from, to).text() : '';
  }

  async size(path: string): Promise<number | null> {
    return (await this.blob(path))?.size ?? null;
  }

  private async locked(path: string, work: () => Promise<void>): Promise<void> {
    await navigator.locks.request(`vmark-coherence:${this.lockScope}:${path}`, work);
  }

  async append(path: string, text: string): Promise<void> {
    await this.locked(path, async () => {
      const handle = (await this.file(path, true)) as FileSystemFileHandle;
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
    const dir = await this.dir(segmentsOf(path), false);
    if (!dir) return [];
    const names: string[] = [];
    for await (const [name, handle] of dir.entries()) if (handle.kind === 'file') names.push(name);
    return names.sort();
  }

  async isDirectory(path: string): Promise<boolean> {
    return (await this.dir(segmentsOf(path), false)) !== null;
  }

  async walk(): Promise<FileStat[]> {
    await injectedDelay(testFaults.coherence.scanDelayMs);
    const found: FileStat[] = [];
    const visit = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const [name, handle] of dir.entries()) {
        if (handle.kind === 'directory') {
          if (!SKIPPED_FOLDERS.has(name)) await visit(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
        } else if (isDocumentName(name)) {
          const file = await (handle as FileSystemFileHandle).getFile();
          found.push({ path: `${prefix}${name}`, size: file.size, mtimeMs: file.lastModified });
        }
      }
    };
    await visit(this.root, '');
    return found.sort((a, b) => a.path.localeCompare(b.path));
  }
}

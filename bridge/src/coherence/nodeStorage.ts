import { isAscii } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readLinePieces, Serial, type CoherenceStorage, type FileStat, type WalkDelta } from '@vmark/shared/lib/coherence/index';
import { withFolderLock } from './folderLock';
import { WatchedTree } from './watchedTree';

/** UTF-8 bytes as text; ASCII (a ledger nearly always is) through the one-byte decoder, ~6× faster in Node 20. */
const decodeUtf8 = (bytes: Buffer): string => (isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8'));

/** Kernels of this process on one folder (by its path) take turns for `exclusive`. */
const turnsByRoot = new Map<string, Serial>();

/**
 * The coherence kernel's storage over real files, for native folders served by `vmark host`.
 * Walking uses sync calls on purpose: thousands of stats in one tight loop are several times
 * faster than as many promises, and the scan is one call.
 */
export class NodeCoherenceStorage implements CoherenceStorage {
  private readonly tree: WatchedTree;

  constructor(readonly root: string) {
    this.tree = new WatchedTree(root);
  }

  private abs(rel: string): string {
    const resolved = path.resolve(this.root, rel);
    if (resolved !== this.root && !resolved.startsWith(this.root + path.sep)) throw new Error(`${rel} is outside the workspace`);
    return resolved;
  }

  async readText(rel: string): Promise<string | null> {
    try {
      return decodeUtf8(fs.readFileSync(this.abs(rel)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  async readBytes(rel: string): Promise<Uint8Array | null> {
    try {
      return fs.readFileSync(this.abs(rel));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  /** Each file `readInto` read from position 0, as it was then: a later piece must come from the same file. */
  private readonly reading = new Map<string, { dev: number; ino: number }>();

  async readInto(rel: string, position: number, into: Uint8Array, at: number, length: number): Promise<number> {
    let fd: number;
    try {
      fd = fs.openSync(this.abs(rel), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && position === 0) return 0;
      throw error;
    }
    try {
      const { dev, ino } = fs.fstatSync(fd);
      const first = this.reading.get(rel);
      if (position === 0) this.reading.set(rel, { dev, ino });
      // replaced while it was read (a checkout, a merge): its pieces would not make one file
      else if (first && (first.dev !== dev || first.ino !== ino)) throw new Error(`${rel} was replaced while it was read; read it again from its start`);
      return fs.readSync(fd, into, at, length, position);
    } finally {
      fs.closeSync(fd);
    }
  }

  async readFrom(rel: string, from: number, to?: number): Promise<string> {
    const fd = fs.openSync(this.abs(rel), 'r');
    try {
      const size = Math.min(fs.fstatSync(fd).size, to ?? Number.POSITIVE_INFINITY);
      const buffer = Buffer.allocUnsafe(Math.max(0, size - from));
      let read = 0;
      while (read < buffer.length) {
        const got = fs.readSync(fd, buffer, read, buffer.length - read, from + read);
        if (got === 0) break; // the file shrank meanwhile: what was there
        read += got;
      }
      return decodeUtf8(buffer.subarray(0, read));
    } finally {
      fs.closeSync(fd);
    }
  }

  async readLines(rel: string, from: number, to: number, take: (lines: string) => void): Promise<number> {
    const fd = fs.openSync(this.abs(rel), 'r');
    try {
      return await readLinePieces(
        (into, at, position, length) => fs.readSync(fd, into, at, length, position),
        (bytes) => decodeUtf8(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
        { from, to },
        take,
      );
    } finally {
      fs.closeSync(fd);
    }
  }

  async size(rel: string): Promise<number | null> {
    try {
      return fs.statSync(this.abs(rel)).size;
    } catch {
      return null;
    }
  }

  /** One write of the whole text with O_APPEND, then fsync: a line is never interleaved with another writer's. */
  async append(rel: string, text: string): Promise<void> {
    const file = this.abs(rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fd = fs.openSync(file, 'a');
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  async writeAtomic(rel: string, content: string | Uint8Array): Promise<void> {
    const file = this.abs(rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(temp, content);
    fs.renameSync(temp, file);
  }

  async list(rel: string): Promise<string[]> {
    try {
      return fs
        .readdirSync(this.abs(rel), { withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name);
    } catch {
      return [];
    }
  }

  async isDirectory(rel: string): Promise<boolean> {
    try {
      return fs.statSync(this.abs(rel)).isDirectory();
    } catch {
      return false;
    }
  }

  /**
   * One kernel at a time per folder: in this process by turns in memory, across `vmark host`
   * processes by a lock file in `.vmark/cache/` (`folderLock.ts`; a dead holder's is taken over, a
   * live one waited for at most 5 s). Where two still overlap, the index keeps one copy per idem.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    let turns = turnsByRoot.get(this.root);
    if (!turns) turnsByRoot.set(this.root, (turns = new Serial()));
    return turns.run(() => withFolderLock(this.root, work));
  }

  /** The documents with their stat data; after the first walk only what the watch reported changed is stat-ed again (`WatchedTree`). */
  walk(): Promise<FileStat[]> {
    return this.tree.walk();
  }

  walkDelta(): WalkDelta | null {
    return this.tree.lastDelta();
  }

  /** Stops watching the workspace. */
  close(): void {
    this.tree.close();
  }
}

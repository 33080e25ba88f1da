import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Ledger } from '@vmark/shared/lib/coherence/index';
import { HandleCoherenceStorage } from './handleStorage';

/** An OPFS folder in memory: the handle calls the storage makes, counted, with sync access handles that share the file's bytes. */
class FakeDir {
  readonly dirs = new Map<string, FakeDir>();
  readonly files = new Map<string, FakeFile>();
  constructor(readonly calls: { opens: number; closes: number; writables: number }) {}
  readonly kind = 'directory';
  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FakeDir> {
    let dir = this.dirs.get(name);
    if (!dir) {
      if (!options?.create) throw new DOMException(name, 'NotFoundError');
      dir = new FakeDir(this.calls);
      this.dirs.set(name, dir);
    }
    return dir;
  }
  async getFileHandle(name: string, options?: { create?: boolean }): Promise<FakeFile> {
    if (this.dirs.has(name)) throw new DOMException(name, 'TypeMismatchError');
    let file = this.files.get(name);
    if (!file) {
      if (!options?.create) throw new DOMException(name, 'NotFoundError');
      file = new FakeFile(this.calls);
      this.files.set(name, file);
    }
    return file;
  }
  async *entries(): AsyncGenerator<[string, FakeDir | FakeFile]> {
    yield* this.dirs;
    yield* this.files;
  }
  async removeEntry(name: string): Promise<void> {
    this.files.delete(name);
  }
}

class FakeFile {
  bytes = new Uint8Array();
  /** The next writable's close fails (a full disk). */
  failNext = false;
  readonly kind = 'file';
  constructor(readonly calls: { opens: number; closes: number; writables: number }) {}
  async getFile(): Promise<File> {
    return new File([this.bytes], 'f', { lastModified: 1 });
  }
  text(): string {
    return new TextDecoder().decode(this.bytes);
  }
  private put(data: Uint8Array, at: number): void {
    const next = new Uint8Array(Math.max(this.bytes.length, at + data.length));
    next.set(this.bytes);
    next.set(data, at);
    this.bytes = next;
  }
  async createWritable(): Promise<unknown> {
    this.calls.writables++;
    let text = '';
    return {
      write: async (data: string) => void (text += data),
      seek: async () => undefined,
      close: async () => {
        if (this.failNext) {
          this.failNext = false;
          throw new DOMException('full', 'QuotaExceededError');
        }
        this.bytes = new TextEncoder().encode(text);
      },
    };
  }
  async createSyncAccessHandle(): Promise<unknown> {
    this.calls.opens++;
    let open = true;
    const alive = () => {
      if (!open) throw new DOMException('closed', 'InvalidStateError');
    };
    return {
      getSize: () => (alive(), this.bytes.length),
      write: (data: Uint8Array, { at }: { at: number }) => (alive(), this.put(data, at), data.length),
      flush: () => alive(),
      close: () => {
        open = false;
        this.calls.closes++;
      },
    };
  }
}

const SEGMENT = '.vmark/ledger/w.jsonl';
const SNAPSHOT = '.vmark/snapshots/sha256/ab/cdef';

function workspace() {
  const calls = { opens: 0, closes: 0, writables: 0 };
  const root = new FakeDir(calls);
  const storage = (lockScope = '/w') => new HandleCoherenceStorage(root as unknown as FileSystemDirectoryHandle, lockScope, () => null);
  const fileAt = async (path: string) => {
    let dir: FakeDir = root;
    const parts = path.split('/');
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    return dir.getFileHandle(parts.at(-1) as string);
  };
  return { calls, storage, fileAt };
}

describe('HandleCoherenceStorage: fewer handle calls per edges (issue 14)', () => {
  beforeEach(() => {
    (globalThis as { navigator?: unknown }).navigator ??= {};
    (navigator as unknown as { locks: unknown }).locks = { request: async (_name: string, work: () => Promise<void>) => work() };
  });
  afterEach(() => vi.useRealTimers());

  it('appends through one sync access handle kept open while appends come close together, closed after a second idle; each append returns where it went', async () => {
    vi.useFakeTimers();
    const { calls, storage, fileAt } = workspace();
    const store = storage();
    expect(await store.append(SEGMENT, 'one\n')).toBe(0);
    expect(await store.append(SEGMENT, 'two\n')).toBe(4);
    expect(calls.opens).toBe(1);
    expect(calls.closes).toBe(0);
    vi.advanceTimersByTime(1_000);
    await vi.runAllTimersAsync();
    expect(calls.closes).toBe(1);
    // another window's worker appends to the same segment: the next offset is the file's real end
    await storage('/w').append(SEGMENT, 'other window\n');
    expect(await store.append(SEGMENT, 'three\n')).toBe(21);
    expect((await fileAt(SEGMENT)).text()).toBe('one\ntwo\nother window\nthree\n');
  });

  it('a snapshot stored by writeOnce is read at once and written only by writeBehind; a failed write stays held and is tried again', async () => {
    const { calls, storage, fileAt } = workspace();
    const store = storage();
    const ledger = new Ledger(store, 'w');
    await store.writeAtomic('.vmark/.gitignore', 'cache/\n');
    const before = calls.writables;
    await ledger.storeSnapshot('sha256:abcdef', 'Alpha\n');
    expect(calls.writables).toBe(before);
    expect(await ledger.readSnapshot('sha256:abcdef')).toBe('Alpha\n');
    expect(await store.size(SNAPSHOT)).toBe(6);
    await expect(fileAt(SNAPSHOT)).rejects.toThrow();

    // the first write fails (a full disk): still read from memory, written on the next try
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.writeAtomic(SNAPSHOT, '');
    const target = await fileAt(SNAPSHOT);
    target.failNext = true;
    await store.writeBehind();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await ledger.readSnapshot('sha256:abcdef')).toBe('Alpha\n');
    await store.writeBehind();
    expect(target.text()).toBe('Alpha\n');
    expect(await ledger.readSnapshot('sha256:abcdef')).toBe('Alpha\n');
    warn.mockRestore();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KernelService, Ledger } from '@vmark/shared/lib/coherence/index';
import { HandleCoherenceStorage } from './handleStorage';
import type { StartWatch } from './observedTree';

interface Calls {
  opens: number;
  closes: number;
  writables: number;
  /** Handle calls that look at a file or a folder (getFile, a listing): each a round trip to the browser process. */
  looks: number;
  /** Sync access handles open now: a worker that ends has them closed by the browser. */
  live: Set<{ close(): void }>;
}

/**
 * An OPFS folder in memory: the handle calls the storage makes, counted, with sync access handles
 * that share the file's bytes; `onDisk`, a folder the person picked, whose files have none.
 */
class FakeDir {
  readonly dirs = new Map<string, FakeDir>();
  readonly files = new Map<string, FakeFile>();
  constructor(
    readonly calls: Calls,
    readonly onDisk = false,
  ) {}
  readonly kind = 'directory';
  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FakeDir> {
    let dir = this.dirs.get(name);
    if (!dir) {
      if (!options?.create) throw new DOMException(name, 'NotFoundError');
      dir = new FakeDir(this.calls, this.onDisk);
      this.dirs.set(name, dir);
    }
    return dir;
  }
  async getFileHandle(name: string, options?: { create?: boolean }): Promise<FakeFile> {
    if (this.dirs.has(name)) throw new DOMException(name, 'TypeMismatchError');
    let file = this.files.get(name);
    if (!file) {
      if (!options?.create) throw new DOMException(name, 'NotFoundError');
      file = new FakeFile(this.calls, this.onDisk);
      this.files.set(name, file);
    }
    return file;
  }
  async *entries(): AsyncGenerator<[string, FakeDir | FakeFile]> {
    this.calls.looks++;
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
  constructor(
    readonly calls: Calls,
    readonly onDisk: boolean,
  ) {}
  async getFile(): Promise<File> {
    this.calls.looks++;
    return new File([this.bytes], 'f', { lastModified: 1 });
  }
  text(): string {
    return new TextDecoder().decode(this.bytes);
  }
  /** Replaces the text (the way an outside edit does). */
  setText(text: string): void {
    this.bytes = new TextEncoder().encode(text);
  }
  private put(data: Uint8Array, at: number): void {
    const next = new Uint8Array(Math.max(this.bytes.length, at + data.length));
    next.set(this.bytes);
    next.set(data, at);
    this.bytes = next;
  }
  async createWritable(): Promise<unknown> {
    this.calls.writables++;
    const parts: Uint8Array[] = [];
    return {
      write: async (data: string | Uint8Array) => void parts.push(typeof data === 'string' ? new TextEncoder().encode(data) : data),
      seek: async () => undefined,
      close: async () => {
        if (this.failNext) {
          this.failNext = false;
          throw new DOMException('full', 'QuotaExceededError');
        }
        this.bytes = new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
      },
    };
  }
  /** An exclusive sync access handle (the default mode) is open on it. */
  private exclusive = false;
  async createSyncAccessHandle(options?: { mode?: string }): Promise<unknown> {
    if (this.onDisk) throw new DOMException('not in the origin private file system', 'InvalidStateError');
    if (this.exclusive) throw new DOMException('locked', 'NoModificationAllowedError');
    this.exclusive = options?.mode !== 'readwrite-unsafe';
    this.calls.opens++;
    let open = true;
    const alive = () => {
      if (!open) throw new DOMException('closed', 'InvalidStateError');
    };
    const access = {
      getSize: () => (alive(), this.bytes.length),
      read: (into: Uint8Array, { at }: { at: number }) => {
        alive();
        const part = this.bytes.subarray(at, at + into.length);
        into.set(part);
        return part.length;
      },
      write: (data: Uint8Array, { at }: { at: number }) => (alive(), this.put(data, at), data.length),
      truncate: (size: number) => void (alive(), (this.bytes = this.bytes.slice(0, size))),
      flush: () => alive(),
      close: () => {
        if (!open) return;
        open = false;
        this.exclusive = false;
        this.calls.closes++;
        this.calls.live.delete(access);
      },
    };
    this.calls.live.add(access);
    return access;
  }
}

const SEGMENT = '.vmark/ledger/w.jsonl';
const SNAPSHOT = '.vmark/snapshots/sha256/ab/cdef';

function workspace(onDisk = false) {
  const calls: Calls = { opens: 0, closes: 0, writables: 0, looks: 0, live: new Set() };
  const root = new FakeDir(calls, onDisk);
  const storage = (lockScope = '/w', startWatch: StartWatch = () => null) => new HandleCoherenceStorage(root as unknown as FileSystemDirectoryHandle, lockScope, startWatch);
  const fileAt = async (path: string) => {
    let dir: FakeDir = root;
    const parts = path.split('/');
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    return dir.getFileHandle(parts.at(-1) as string);
  };
  return { calls, root, storage, fileAt };
}

/** Web Locks held now (a worker's journal lock is held for its life; one that ends has its locks released). */
const heldLocks = new Set<string>();

beforeEach(() => {
  heldLocks.clear();
  (globalThis as { navigator?: unknown }).navigator ??= {};
  const request = async (name: string, ...rest: unknown[]) => {
    const work = rest.at(-1) as (lock: { name: string } | null) => Promise<unknown>;
    if ((rest[0] as { ifAvailable?: boolean }).ifAvailable && heldLocks.has(name)) return work(null);
    heldLocks.add(name);
    return work({ name }).finally(() => heldLocks.delete(name));
  };
  (navigator as unknown as { locks: unknown }).locks = { request };
});

/** The browser ends a worker: its sync access handles close and its locks go. */
function endWorker(handles: Iterable<{ close(): void }>, locks: Iterable<string>): void {
  for (const access of [...handles]) access.close();
  for (const name of [...locks]) heldLocks.delete(name);
}

describe('HandleCoherenceStorage: fewer handle calls per edges (issue 14)', () => {
  afterEach(() => vi.useRealTimers());

  it('appends through one sync access handle kept open while appends come close together, closed after a second idle; each append returns where it went', async () => {
    vi.useFakeTimers();
    const { calls, storage, fileAt } = workspace();
    const store = storage();
    expect(await store.append(SEGMENT, 'one\n')).toBe(0);
    expect(await store.append(SEGMENT, 'two\n')).toBe(4);
    // the segment's and the ledger generation's (each append leaves a new one for other windows)
    expect(calls.opens).toBe(2);
    expect(calls.closes).toBe(0);
    vi.advanceTimersByTime(1_000);
    await vi.runAllTimersAsync();
    expect(calls.closes).toBe(2);
    // another window's worker appends to the same segment: the next offset is the file's real end
    await storage('/w').append(SEGMENT, 'other window\n');
    expect(await store.append(SEGMENT, 'three\n')).toBe(21);
    expect((await fileAt(SEGMENT)).text()).toBe('one\ntwo\nother window\nthree\n');
  });

  it('writes and reads a file as bytes (the index snapshot, mostly not text)', async () => {
    const { storage, fileAt } = workspace();
    const store = storage();
    const bytes = new Uint8Array([123, 125, 10, 0, 0xff, 0x80, 0xc3]);
    await store.writeAtomic('.vmark/cache/index.json', bytes);
    expect((await fileAt('.vmark/cache/index.json')).bytes).toEqual(bytes);
    expect(await store.readBytes('.vmark/cache/index.json')).toEqual(bytes);
    expect(await store.readBytes('.vmark/cache/none.json')).toBeNull();
  });

  it('reads a segment straight into the buffer for a replay, through the sync access handle its appends keep open: no getFile; 0 at the end and for a missing file, which is not made (issue 14)', async () => {
    vi.useFakeTimers(); // the kept handles close only when told
    const { calls, storage, root } = workspace();
    const store = storage();
    const text = `${'x'.repeat(3000)}\n${'é'.repeat(200_000)}\n`;
    await store.append(SEGMENT, text);
    const bytes = new TextEncoder().encode(text);
    const into = new Uint8Array(bytes.length + 8);
    const { looks, opens } = calls;
    let position = 0;
    for (const length of [8, 1000, 1 << 16, 3, 1 << 20]) position += await store.readInto(SEGMENT, position, into, position + 8, length);
    expect(position).toBe(bytes.length);
    expect(new TextDecoder().decode(into.subarray(8))).toBe(text);
    expect([calls.looks - looks, calls.opens - opens, calls.closes]).toEqual([0, 0, 0]);
    // read to the end: the handle is let go (a page's createWritable may come next)
    expect(await store.readInto(SEGMENT, position, into, 0, 8)).toBe(0);
    expect(calls.closes).toBe(1);
    // any position, as often as asked
    expect(await store.readInto(SEGMENT, 3000, into, 0, 1)).toBe(1);
    expect(into[0]).toBe(10);
    expect(await store.readInto('.vmark/ledger/none.jsonl', 0, into, 0, 8)).toBe(0);
    expect(root.dirs.get('.vmark')?.dirs.get('ledger')?.files.has('none.jsonl')).toBe(false);
  });

  it('opens the sync access handles of the segments a replay is about to read all at once; the reads use them, each let go at its end (issue 14)', async () => {
    vi.useFakeTimers();
    const { calls, storage } = workspace();
    const writer = storage();
    const segments = ['.vmark/ledger/a.jsonl', '.vmark/ledger/b.jsonl', '.vmark/ledger/c.jsonl'];
    for (const segment of segments) await writer.append(segment, `${segment}\n`);
    vi.advanceTimersByTime(1_000);
    await vi.runAllTimersAsync();
    const store = storage();
    const opens = calls.opens;
    store.readingNext(segments);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.opens - opens).toBe(3);
    const into = new Uint8Array(64);
    for (const segment of segments) {
      expect(await store.readInto(segment, 0, into, 0, 64)).toBe(segment.length + 1);
      expect(await store.readInto(segment, segment.length + 1, into, 0, 64)).toBe(0);
    }
    expect(calls.opens - opens).toBe(3);
    expect(calls.live.size).toBe(0);
  });

  it('reads a segment another handle holds now (a page writing it) by the stream, and by its sync access handle again once it is let go (issue 14)', async () => {
    const { calls, storage, fileAt } = workspace();
    await storage().append(SEGMENT, 'one\ntwo\n');
    const held = (await (await fileAt(SEGMENT)).createSyncAccessHandle()) as { close(): void };
    const store = storage();
    const into = new Uint8Array(8);
    const opens = calls.opens;
    expect(await store.readInto(SEGMENT, 0, into, 0, 8)).toBe(8);
    expect(new TextDecoder().decode(into)).toBe('one\ntwo\n');
    expect(calls.opens).toBe(opens);
    held.close();
    into.fill(0);
    expect(await store.readInto(SEGMENT, 4, into, 0, 8)).toBe(4);
    expect(new TextDecoder().decode(into.subarray(0, 4))).toBe('two\n');
    expect(calls.opens).toBe(opens + 1);
  });

  it('reads a segment of a picked folder on disk (no sync access handles) as a stream, piece by piece, one getFile for all the pieces: what the caller has no room for comes next (issue 14)', async () => {
    const { calls, storage } = workspace(true);
    const store = storage();
    const text = `${'x'.repeat(3000)}\n${'é'.repeat(700_000)}\n`;
    await store.append(SEGMENT, text);
    const bytes = new TextEncoder().encode(text);
    const into = new Uint8Array(bytes.length);
    // the first look finds the file has no sync access handle; every read after goes by the stream
    expect(await store.readInto(SEGMENT, 0, into, 0, 8)).toBe(8);
    const looks = calls.looks;
    let position = 8;
    for (const length of [1000, 1 << 20, 3, 1 << 22]) position += await store.readInto(SEGMENT, position, into, position, length);
    expect(position).toBe(bytes.length);
    expect(new TextDecoder().decode(into)).toBe(text);
    expect(await store.readInto(SEGMENT, position, into, 0, 8)).toBe(0);
    expect(calls.looks - looks).toBe(0);
    expect(calls.opens).toBe(0);
    // another position starts afresh
    expect(await store.readInto(SEGMENT, 3000, into, 0, 1)).toBe(1);
    expect(into[0]).toBe(10);
    expect(await store.readInto('.vmark/ledger/none.jsonl', 0, into, 0, 8)).toBe(0);
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

describe('HandleCoherenceStorage: the write-behind journal (issue 14)', () => {
  it('a worker that ends between answering and writing behind loses no snapshot text: the next worker takes over its journal, and the diff since the pinned revision works', async () => {
    const { calls, root, storage } = workspace();
    const top = new FakeDir(calls) as unknown as FileSystemDirectoryHandle;
    const person = { agent: { type: 'human' as const }, intent: { kind: 'save', summary: '' }, confidence: 'exact' as const };
    const write = async (path: string, text: string) => (await root.getFileHandle(path, { create: true })).setText(text);

    // the first worker: the person saves elena.md, then chapter.md derived from it; both answer...
    const first = storage();
    await first.openJournal(top);
    const service = await KernelService.open(first, 'w1');
    await write('elena.md', 'Elena has green eyes.\n');
    expect(await service.capture({ path: 'elena.md', content: 'Elena has green eyes.\n', ...person })).toMatchObject({ recorded: true });
    await write('chapter.md', 'Chapter one.\n');
    expect(await service.capture({ path: 'chapter.md', content: 'Chapter one.\n', inputs: ['elena.md'], ...person })).toMatchObject({ recorded: true });
    // ...and the worker ends before its writeBehind: the browser closes its handles, nothing else happens
    endWorker(calls.live, heldLocks);
    await expect(root.getDirectoryHandle('.vmark').then((d) => d.getDirectoryHandle('snapshots'))).rejects.toThrow();

    // the old text is gone from disk too: edited outside, so no file can give it back
    await write('elena.md', 'Elena has grey eyes, always.\n');

    const second = storage();
    await second.openJournal(top);
    const again = await KernelService.open(second, 'w1');
    const edges = await again.edges();
    expect(edges).toMatchObject({ ok: true, data: [{ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale' }] });
    const edge = (edges as { data: { txf: string; input: number }[] }).data[0] as { txf: string; input: number };
    const diff = { ok: true, data: { upstream_path: 'elena.md', pinned: 'Elena has green eyes.\n', current: 'Elena has grey eyes, always.\n' } };
    expect(await again.diff(edge.txf, edge.input)).toEqual(diff);

    // written behind this time: on disk, the ended worker's journal removed and this one's emptied
    await second.writeBehind();
    const journals = [...(await (top as unknown as FakeDir).getDirectoryHandle('coherence-write-behind')).dirs.values()][0] as FakeDir;
    expect([...journals.files.values()].map((f) => f.bytes.length)).toEqual([0]);
    endWorker(calls.live, heldLocks);
    const third = await KernelService.open(storage(), 'w1');
    expect(await third.diff(edge.txf, edge.input)).toEqual(diff);
  });

  it('a journal whose worker still lives (its lock and handle held) is left alone until that worker ends', async () => {
    const { calls, storage } = workspace();
    const top = new FakeDir(calls) as unknown as FileSystemDirectoryHandle;
    const live = storage();
    await live.openJournal(top);
    await live.writeOnce('.vmark/snapshots/sha256/ab/cdef', 'Alpha\n');
    const livesHandles = [...calls.live];
    const livesLocks = [...heldLocks];
    const other = storage();
    await other.openJournal(top);
    expect(await other.readText('.vmark/snapshots/sha256/ab/cdef')).toBeNull();
    // the live one ends: the other takes its text over within a moment (it tries again in the background) and writes it
    endWorker(livesHandles, livesLocks);
    await vi.waitFor(async () => expect(await other.readText('.vmark/snapshots/sha256/ab/cdef')).toBe('Alpha\n'));
    await other.writeBehind();
    expect(await storage().readText('.vmark/snapshots/sha256/ab/cdef')).toBe('Alpha\n');
  });
});

describe('HandleCoherenceStorage: the ledger lock looks again only at what another window can have changed (issue 14, COH-03, COH-EDGES-01)', () => {
  /** A watch that stands and reports nothing: another window's append has not reached it (a record can lag). */
  const silentWatch: StartWatch = (_report, observing) => {
    queueMicrotask(() => observing(true));
    return () => undefined;
  };
  const segment = (i: number) => `.vmark/ledger/w${i}.jsonl`;

  /** What a scan's catch-up asks of the ledger: its listing and every segment's size. */
  const catchUpOf = (store: HandleCoherenceStorage) => () =>
    store.exclusive(async () => {
      const sizes: Record<string, number | null> = {};
      for (const name of await store.list('.vmark/ledger')) sizes[name] = await store.size(`.vmark/ledger/${name}`);
      return sizes;
    });

  async function merged() {
    const space = workspace();
    // eight writers' segments, as a ledger merged by git has
    for (let i = 0; i < 8; i++) await space.storage().append(segment(i), `line ${i}\n`);
    const store = space.storage('/w', silentWatch);
    await store.walk();
    return { ...space, store, catchUp: catchUpOf(store) };
  }

  it('a scan that appends after nobody else did makes no handle call for the ledger: its own append told it its segment\'s size (before: a listing and all nine sizes)', async () => {
    const { calls, store, catchUp } = await merged();
    await catchUp();
    await store.append(SEGMENT, 'own\n');
    await catchUp();
    await store.append(SEGMENT, 'own again\n');
    const before = calls.looks;
    expect(await catchUp()).toEqual({ ...Object.fromEntries([...Array(8)].map((_, i) => [`w${i}.jsonl`, 7])), 'w.jsonl': 14 });
    expect(calls.looks).toBe(before);
  });

  it("another window's append that its watch record has not brought yet is seen inside the lock: a longer segment and a new one", async () => {
    const { storage, catchUp } = await merged();
    await catchUp();
    const other = storage('/w');
    await other.append(segment(3), 'another window\n');
    await other.append(segment(8), 'a new segment\n');
    expect(await catchUp()).toMatchObject({ 'w3.jsonl': 22, 'w8.jsonl': 14 });
  });

  it("another window's append between this window's look and its own append is still seen by the next look", async () => {
    const { store, storage, catchUp } = await merged();
    await catchUp();
    await storage('/w').append(segment(5), 'between\n');
    await store.append(SEGMENT, 'own\n');
    expect(await catchUp()).toMatchObject({ 'w5.jsonl': 15, 'w.jsonl': 4 });
  });

  /** A watch the test makes report, the way FileSystemObserver's records reach the storage. */
  function reportingWatch() {
    const watch = { report: (() => undefined) as (paths: string[] | 'all', modifiedOnly?: ReadonlySet<string>) => void };
    const start: StartWatch = (report, observing) => {
      watch.report = report;
      queueMicrotask(() => observing(true));
      return () => undefined;
    };
    return { watch, start };
  }

  it('the watch record of its own append (the segment written to, nothing appeared) makes the next catch-up look at nothing: the ledger\'s listing holds, and the segment is sized through the handle its appends keep open', async () => {
    const space = workspace();
    for (let i = 0; i < 8; i++) await space.storage().append(segment(i), `line ${i}\n`);
    const { watch, start } = reportingWatch();
    const store = space.storage('/w', start);
    await store.walk();
    const catchUp = catchUpOf(store);
    await catchUp();
    await store.append(SEGMENT, 'own\n');
    await catchUp();
    await store.append(SEGMENT, 'own again\n');
    // the records of that append arrive after it: the segment and the ledger generation, both written to
    const written = [SEGMENT, '.vmark/cache/ledger-generation'];
    watch.report(written, new Set(written));
    const before = space.calls.looks;
    expect(await catchUp()).toMatchObject({ 'w0.jsonl': 7, 'w.jsonl': 14 });
    expect(space.calls.looks).toBe(before);
  });

  it('a segment that appeared from outside the browser (git, a sync client: no ledger generation moved) is listed as soon as the watch reports it', async () => {
    const space = workspace();
    for (let i = 0; i < 3; i++) await space.storage().append(segment(i), `line ${i}\n`);
    const { watch, start } = reportingWatch();
    const store = space.storage('/w', start);
    await store.walk();
    const names = () => store.exclusive(() => store.list('.vmark/ledger'));
    expect(await names()).toEqual(['w0.jsonl', 'w1.jsonl', 'w2.jsonl']);
    const ledger = await (await space.root.getDirectoryHandle('.vmark')).getDirectoryHandle('ledger');
    (await ledger.getFileHandle('w9.jsonl', { create: true })).setText('pulled\n');
    (await ledger.getFileHandle('w0.jsonl')).setText('line 0\nrewritten\n');
    watch.report([segment(9), segment(0)], new Set([segment(0)]));
    expect(await names()).toEqual(['w0.jsonl', 'w1.jsonl', 'w2.jsonl', 'w9.jsonl']);
    expect(await store.exclusive(() => store.size(segment(0)))).toBe(17);
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryStorage, transformationsIn } from '../testing/memoryStorage';
import { WRITER_A, WRITER_B, memoryKernel } from '../testing/kernelFixture';
import { status } from '../kernel/answers';
import { CoherenceKernel } from '../kernel/kernel';
import { Ledger } from './ledger';
import { LEDGER_DIR, QUARANTINE_DIR, SEGMENT_ROTATE_BYTES, segmentName, snapshotPath } from './layout';
import { parseLine } from './entries';
import { readLinePieces } from './linePieces';
import { utf8Bytes, utf8Text } from '../utf8';

/** The in-memory workspace read as the host and the worker read a ledger: in pieces of whole lines, here 16 bytes a read. */
class PiecewiseStorage extends MemoryStorage {
  pieces = 0;
  async readLines(path: string, from: number, to: number, take: (lines: string) => void): Promise<number> {
    const bytes = utf8Bytes(this.text(path) ?? '');
    const reads = (into: Uint8Array, at: number, position: number, length: number) => (into.set(bytes.subarray(position, position + length), at), Math.max(0, Math.min(length, bytes.length - position)));
    return readLinePieces(reads, utf8Text, { from, to }, (text) => (this.pieces++, take(text)), 16);
  }
}

/** The in-memory workspace read the way a replay reads it through `readInto`, at most `most` bytes a read. */
class ReadIntoStorage extends MemoryStorage {
  reads = 0;
  constructor(private readonly most: number) {
    super();
  }
  async readInto(path: string, position: number, into: Uint8Array, at: number, length: number): Promise<number> {
    this.reads++;
    const piece = (this.bytes(path) ?? new Uint8Array(0)).subarray(position, position + Math.min(length, this.most));
    into.set(piece, at);
    return piece.length;
  }
}

const diagnostic = (kernel: CoherenceKernel, idem: string) => kernel.entry('diagnostic', { code: 'NOTE', message: 'm' }, idem);

describe('ledger', () => {
  it('is created on the first capture with union merge for segments and the cache untracked', async () => {
    const { kernel, storage, save } = await memoryKernel();
    expect(await kernel.initialized()).toBe(false);
    await save('a.md', 'A\n');
    expect(storage.text('.vmark/.gitattributes')).toContain('ledger/*.jsonl merge=union');
    expect(storage.text('.vmark/.gitignore')).toBe('cache/\n');
    const lines = (storage.text(`${LEDGER_DIR}/${segmentName(WRITER_A, 0)}`) ?? '').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).kind)).toEqual(['object-registered', 'transformation']);
    const entry = JSON.parse(lines[1] as string);
    expect(Object.keys(entry)).toEqual(['format', 'id', 'kind', 'time', 'writer', 'idem', 'body']);
    expect(entry.writer).toBe(WRITER_A);
  });

  it('stores content-addressed snapshots of the masked text', async () => {
    const { kernel, storage, save } = await memoryKernel();
    // a vmark: id from the original VMark is masked out of the snapshot (and of the hash)
    const { written } = await save('a.md', '---\nvmark:\n  id: 0198c0de-0000-7000-8000-0000000000aa\n---\nAlpha\n');
    const hash = transformationsIn(storage)[0]?.body.outputs[0]?.content_hash as string;
    expect(storage.text(snapshotPath(hash))).toBe('Alpha\n');
    expect(written).not.toBe('Alpha\n');
    expect(snapshotPath(hash)).toMatch(/^\.vmark\/snapshots\/sha256\/[0-9a-f]{2}\/[0-9a-f]{62}$/);
  });

  it('a retried operation (same idem) never appears twice, also across writers', async () => {
    const storage = new MemoryStorage();
    const a = await memoryKernel(storage, WRITER_A);
    await a.kernel.append([diagnostic(a.kernel, 'op-1')]);
    await a.kernel.append([diagnostic(a.kernel, 'op-1')]);
    const b = await memoryKernel(storage, WRITER_B);
    await b.kernel.append([diagnostic(b.kernel, 'op-1')]);
    const segments = await storage.list(LEDGER_DIR);
    expect(segments).toEqual([segmentName(WRITER_A, 0)]);
    expect(b.kernel.index.diagnostics).toHaveLength(1);
  });

  it('a torn last line is left by readers and terminated by the writer; the broken line is quarantined with one diagnostic', async () => {
    const { kernel, storage } = await memoryKernel();
    await kernel.append([diagnostic(kernel, 'op-1')]);
    const segment = `${LEDGER_DIR}/${segmentName(WRITER_A, 0)}`;
    await storage.append(segment, '{"format":0,"id":"torn');
    const reader = await CoherenceKernel.open(storage, { writer: WRITER_B });
    expect(reader.quarantined).toBe(0);
    await kernel.append([diagnostic(kernel, 'op-2')]);
    expect(storage.text(segment)?.split('\n')).toHaveLength(4);
    await reader.refresh({ repair: true });
    expect(reader.quarantined).toBe(1);
    expect(reader.index.diagnostics.map((d) => d.body.code).sort()).toEqual(['NOTE', 'NOTE', 'QUARANTINED']);
    expect(storage.text(`${QUARANTINE_DIR}/${segmentName(WRITER_A, 0)}.bad`)).toBe('# line 2, not JSON\n{"format":0,"id":"torn\n');
    // a second reader finds the same line: it counts it, but the diagnostic is not written again
    const again = await CoherenceKernel.open(storage, { writer: WRITER_A });
    await again.refresh({ repair: true });
    expect(again.index.diagnostics.filter((d) => d.body.code === 'QUARANTINED')).toHaveLength(1);
  });

  it('a malformed line is copied to quarantine once, however often repairing reads open the ledger again', async () => {
    const { kernel, storage } = await memoryKernel();
    await kernel.append([diagnostic(kernel, 'op-1')]);
    const segment = segmentName(WRITER_B, 0);
    await storage.append(`${LEDGER_DIR}/${segment}`, 'not json\nnot json\n');
    for (const writer of [WRITER_A, WRITER_A, WRITER_B, WRITER_A]) {
      const reader = await CoherenceKernel.open(storage, { writer, snapshot: false });
      await reader.refresh({ repair: true });
      await reader.refresh({ repair: true });
      expect(reader.quarantined).toBe(2);
      expect(reader.index.diagnostics.filter((d) => d.body.code === 'QUARANTINED')).toHaveLength(2);
    }
    expect(storage.text(`${QUARANTINE_DIR}/${segment}.bad`)).toBe('# line 1, not JSON\nnot json\n# line 2, not JSON\nnot json\n');
  });

  it('its own appends are not read back, and no byte is read for the torn-tail check while the segment ends where its reading stopped', async () => {
    const { kernel, storage } = await memoryKernel();
    await kernel.append([diagnostic(kernel, 'op-1')]);
    const reads: number[] = [];
    const readFrom = storage.readFrom.bind(storage);
    storage.readFrom = (path, from, to) => (reads.push(from), readFrom(path, from, to));
    await kernel.append([diagnostic(kernel, 'op-2')]);
    await kernel.refresh({ repair: true });
    await kernel.append([diagnostic(kernel, 'op-3')]);
    expect(reads).toEqual([]);
    const segment = `${LEDGER_DIR}/${segmentName(WRITER_A, 0)}`;
    expect(kernel.ledger.positions().get(segmentName(WRITER_A, 0))?.bytes).toBe(await storage.size(segment));
    // a fresh reader of the same segment sees exactly the entries the appending kernel holds
    const reader = await CoherenceKernel.open(storage, { writer: WRITER_B });
    expect(reader.index.diagnostics.map((d) => d.idem)).toEqual(['op-1', 'op-2', 'op-3']);
    expect(kernel.index.diagnostics.map((d) => d.idem)).toEqual(['op-1', 'op-2', 'op-3']);
  });

  it('the remembered end of its segment is checked again when another window of the same writer appended to it', async () => {
    const storage = new MemoryStorage();
    const one = await memoryKernel(storage, WRITER_A);
    const other = await memoryKernel(storage, WRITER_A);
    await one.kernel.append([diagnostic(one.kernel, 'op-1')]);
    await other.kernel.append([diagnostic(other.kernel, 'op-2')]);
    // op-2 lies between where `one` stopped reading and its next append: it must still be read
    await one.kernel.append([diagnostic(one.kernel, 'op-3')]);
    await one.kernel.refresh({ repair: true });
    expect(one.kernel.index.diagnostics.map((d) => d.idem).sort()).toEqual(['op-1', 'op-2', 'op-3']);
    // and a torn line another window left is terminated before the next append, never glued to it
    const segment = `${LEDGER_DIR}/${segmentName(WRITER_A, 0)}`;
    await storage.append(segment, '{"format":0,"id":"torn');
    await one.kernel.append([diagnostic(one.kernel, 'op-4')]);
    await other.kernel.refresh({ repair: true });
    expect(other.kernel.index.diagnostics.map((d) => d.idem).filter((i) => i.startsWith('op-')).sort()).toEqual(['op-1', 'op-2', 'op-3', 'op-4']);
    expect(other.kernel.quarantined).toBe(1);
  });

  it('COH-STATUS-04 malformed lines: each quarantined once with its reason; status (read-only) counts them without writing', async () => {
    const { kernel, storage } = await memoryKernel();
    await kernel.append([diagnostic(kernel, 'op-1')]);
    const segment = `${LEDGER_DIR}/${segmentName(WRITER_B, 0)}`;
    await storage.append(segment, 'not json\n{"format":0,"id":"x","kind":"waiver","time":"t","writer":"w","idem":"i","body":{}}\n[1]\n');
    const reader = await CoherenceKernel.open(storage, { writer: WRITER_A });
    expect((await status(reader)).quarantined).toBe(3);
    expect(storage.text(`${QUARANTINE_DIR}/${segmentName(WRITER_B, 0)}.bad`)).toBeUndefined();
    await reader.refresh({ repair: true });
    const bad = storage.text(`${QUARANTINE_DIR}/${segmentName(WRITER_B, 0)}.bad`) ?? '';
    expect(bad).toContain('# line 1, not JSON');
    expect(bad).toContain('# line 2, invalid waiver body');
    expect(bad).toContain('# line 3, not a JSON object');
    expect(reader.index.diagnostics.filter((d) => d.body.code === 'QUARANTINED')).toHaveLength(3);
  });

  it('keeps unknown kinds and rejects a newer format', () => {
    expect(parseLine('{"format":0,"id":"a","kind":"future-kind","time":"t","writer":"w","idem":"i","body":{"x":1}}').ok).toBe(true);
    const newer = parseLine('{"format":1,"id":"a","kind":"diagnostic","time":"t","writer":"w","idem":"i","body":{}}');
    expect(newer.ok).toBe(false);
  });

  it('rotates a writer\'s segment at 8 MiB', async () => {
    const storage = new MemoryStorage();
    storage.put(`${LEDGER_DIR}/${segmentName(WRITER_A, 0)}`, `${'x'.repeat(SEGMENT_ROTATE_BYTES)}\n`);
    storage.put('.vmark/.gitignore', 'cache/\n');
    const ledger = new Ledger(storage, WRITER_A);
    await ledger.append([{ format: 0, id: 'i', kind: 'diagnostic', time: 't', writer: WRITER_A, idem: 'e', body: { code: 'C', message: 'm' } }]);
    expect(await storage.list(LEDGER_DIR)).toEqual([segmentName(WRITER_A, 0), segmentName(WRITER_A, 1)].sort());
    expect(storage.text(`${LEDGER_DIR}/${segmentName(WRITER_A, 1)}`)).toContain('"idem":"e"');
    expect(segmentName(WRITER_A, 1)).toBe(`${WRITER_A}-001.jsonl`);
  });

  it('two writers\' segments merged by git read as one history', async () => {
    const storage = new MemoryStorage();
    const a = await memoryKernel(storage, WRITER_A);
    await a.save('elena.md', 'Elena has green eyes.\n');
    // writer B works on a clone: same files, its own segment
    const clone = new MemoryStorage();
    for (const [path, file] of storage.files) clone.put(path, file.text);
    const b = await memoryKernel(clone, WRITER_B);
    await b.save('chapter.md', 'Chapter 3.\n', ['elena.md']);
    // git merges by union: B's segment arrives next to A's
    for (const [path, file] of clone.files) if (path.startsWith(LEDGER_DIR) || path === 'chapter.md') storage.put(path, file.text);
    await a.kernel.refresh({ repair: true });
    expect(transformationsIn(storage).map((t) => t.writer).sort()).toEqual([WRITER_A, WRITER_B]);
    const edges = await a.kernel.project();
    expect(edges.map((e) => [e.upstream_path, e.downstream_path, e.state])).toEqual([['elena.md', 'chapter.md', 'fresh']]);
  });

  it('COH-STATUS-04 a replay read in pieces of whole lines builds what reading each segment whole builds: entries, malformed lines by number, the torn tail left, where reading stands', async () => {
    const segment = (writer: string) => `${LEDGER_DIR}/${segmentName(writer, 0)}`;
    const line = (id: string, idem: string, message: string) => `${JSON.stringify({ format: 0, id, kind: 'diagnostic', time: `2026-12-01T10:00:0${id.length % 10}Z`, writer: WRITER_A, idem, body: { code: 'NOTE', message } })}\n`;
    const fill = (storage: MemoryStorage) => {
      storage.put('.vmark/.gitignore', 'cache/\n');
      storage.put(segment(WRITER_A), `${line('a1', 'op-1', 'Müller – Ära 😀')}\nnot json\n${line('a22', 'op-2', 'x'.repeat(70))}${line('a3', 'op-1', 'a later copy')}{"format":0,"id":"to`);
      storage.put(segment(WRITER_B), `${line('b1', 'op-3', 'ß')}${line('b2', 'op-2', 'an earlier copy')}`);
    };
    const whole = new MemoryStorage();
    const pieces = new PiecewiseStorage();
    fill(whole);
    fill(pieces);
    const options = () => {
      let n = 0;
      return { writer: WRITER_A, snapshot: false as const, now: () => new Date('2026-12-01T11:00:00Z'), newId: () => `new-${++n}` };
    };
    const a = await CoherenceKernel.open(whole, options());
    const b = await CoherenceKernel.open(pieces, options());
    expect(pieces.pieces).toBeGreaterThan(6);
    const seen = (kernel: CoherenceKernel) => ({
      entries: kernel.index.entryCount,
      messages: kernel.index.diagnostics.map((d) => d.body.message).sort(),
      quarantined: kernel.quarantined,
      positions: [...kernel.ledger.positions()].sort(),
    });
    expect(seen(b)).toEqual(seen(a));
    // op-1: same time, the smaller id; op-2: the earlier time, in the other segment
    expect(seen(b).messages).toEqual(['Müller – Ära 😀', 'ß', 'an earlier copy'].sort());
    expect(seen(b).quarantined).toBe(1);
    // the torn line completed: both read on from where they stood
    for (const storage of [whole, pieces]) await storage.append(segment(WRITER_A), `ne"}\n${line('a4', 'op-4', 'after the tear')}`);
    await a.refresh({ repair: true });
    await b.refresh({ repair: true });
    expect(seen(b)).toEqual(seen(a));
    expect(pieces.text(`${QUARANTINE_DIR}/${segmentName(WRITER_A, 0)}.bad`)).toBe(whole.text(`${QUARANTINE_DIR}/${segmentName(WRITER_A, 0)}.bad`));
    expect(pieces.text(`${QUARANTINE_DIR}/${segmentName(WRITER_A, 0)}.bad`)).toContain('# line 3, not JSON');
  });

  it('reads the whole ledger for a replay through one small buffer as it reads it whole: lines across reads, a line longer than the buffer, UTF-8, a torn tail (issue 14)', async () => {
    const long = JSON.stringify({ format: 0, id: 'long', kind: 'diagnostic', time: 't', writer: 'w', idem: 'long', body: { code: 'NOTE', message: 'ü'.repeat(700_000) } });
    const entry = (n: number) => JSON.stringify({ format: 0, id: `e${n}`, kind: 'diagnostic', time: 't', writer: 'w', idem: `i${n}`, body: { code: 'NOTE', message: `Zeile ${n} – é` } });
    const segments = {
      [`${LEDGER_DIR}/a.jsonl`]: `${entry(1)}\n\n${long}\n{"format":0,broken\n${entry(2)}\n${entry(3).slice(0, 40)}`,
      [`${LEDGER_DIR}/b.jsonl`]: `\uFEFF${entry(4)}\n${entry(5)}\n`,
      [`${LEDGER_DIR}/c.jsonl`]: '',
    };
    const read = async (storage: MemoryStorage) => {
      for (const [path, text] of Object.entries(segments)) storage.put(path, text);
      const ledger = new Ledger(storage, 'w');
      const taken: string[] = [];
      const result = await ledger.readWhole(
        () => -1,
        (entry) => (taken.push(entry.idem), true),
      );
      return { result, taken, positions: ledger.positions() };
    };
    const whole = await read(new MemoryStorage());
    const pieces = new ReadIntoStorage(4096);
    const piecewise = await read(pieces);
    expect(whole.taken).toEqual(['i1', 'long', 'i2', 'i5']);
    expect(whole.result?.malformed.map((bad) => [bad.segment, bad.line])).toEqual([['a.jsonl', 4], ['b.jsonl', 1]]);
    expect(piecewise).toEqual(whole);
    expect(pieces.reads).toBeGreaterThan(300);
    const a = whole.positions.get('a.jsonl');
    expect(a?.bytes).toBe(utf8Bytes(segments[`${LEDGER_DIR}/a.jsonl`] as string).length - 40);
    expect(a?.lines).toBe(5);
    expect(a?.last).toBe(`${entry(2)}\n`);
    // what a replay read is not read again
    expect((await new Ledger(pieces, 'w').readNew()).entries).toHaveLength(4);
  });

  it('stops a whole read when the taker says so', async () => {
    const storage = new ReadIntoStorage(64);
    storage.put(`${LEDGER_DIR}/a.jsonl`, `${JSON.stringify({ format: 0, id: 'a', kind: 'diagnostic', time: 't', writer: 'w', idem: 'a', body: { code: 'N', message: '' } })}\n`.repeat(3));
    let takes = 0;
    expect(await new Ledger(storage, 'w').readWhole(() => -1, () => ++takes < 2)).toBeNull();
    expect(takes).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { LEDGER_FORMAT } from '../ledger/entries';
import { LEDGER_DIR } from '../ledger/layout';
import { MemoryStorage } from '../testing/memoryStorage';
import { CoherenceKernel } from './kernel';

const WRITER = '0198c0de-0000-7000-8000-0000000000ff';
const SEGMENT_A = `${LEDGER_DIR}/0198c0de-0000-7000-8000-00000000000a.jsonl`;
const SEGMENT_B = `${LEDGER_DIR}/0198c0de-0000-7000-8000-00000000000b.jsonl`;

/** A copy of the operation `op` (one idem), told apart by its message. */
const copy = (id: string, second: number, message: string, idem = 'op') =>
  `${JSON.stringify({ format: LEDGER_FORMAT, id, kind: 'diagnostic', time: `2026-12-01T10:00:${String(second).padStart(2, '0')}Z`, writer: WRITER, idem, body: { code: 'NOTE', message } })}\n`;

const messages = (kernel: CoherenceKernel) => kernel.index.diagnostics.map((d) => d.body.message);
const open = (storage: MemoryStorage, minBytes = 0) => CoherenceKernel.open(storage, { writer: WRITER, snapshot: { minBytes } });

describe('a repeated idem keeps the copy with the smallest (time, id) (vmark.md §8.2)', () => {
  it('in a full replay, whichever segment or line holds it', async () => {
    const storage = new MemoryStorage();
    storage.put(SEGMENT_A, copy('id-2', 5, 'later') + copy('id-9', 1, 'earliest'));
    storage.put(SEGMENT_B, copy('id-1', 3, 'middle') + copy('id-0', 1, 'same time, smaller id'));
    const kernel = await CoherenceKernel.open(storage, { writer: WRITER, snapshot: false });
    expect(messages(kernel)).toEqual(['same time, smaller id']);
    expect(kernel.index.entryCount).toBe(1);
  });

  it('from the snapshot plus a tail, a smaller copy after the snapshot wins (the ledger is replayed); a larger one changes nothing', async () => {
    const storage = new MemoryStorage();
    storage.put(SEGMENT_A, copy('id-5', 5, 'first written') + copy('id-6', 6, 'other', 'op-2'));
    expect((await open(storage)).opened.snapshotWritten).toBe(true);
    await storage.append(SEGMENT_B, copy('id-9', 9, 'larger copy'));
    const withLarger = await open(storage, Number.POSITIVE_INFINITY);
    expect(messages(withLarger).sort()).toEqual(['first written', 'other']);
    await storage.append(SEGMENT_B, copy('id-1', 1, 'smaller copy'));
    const withSmaller = await open(storage, Number.POSITIVE_INFINITY);
    expect(withSmaller.opened.from).toBe('replay');
    expect(messages(withSmaller).sort()).toEqual(['other', 'smaller copy']);
    expect(messages(await CoherenceKernel.open(storage, { writer: WRITER, snapshot: false })).sort()).toEqual(['other', 'smaller copy']);
  });

  it('during a session: another writer\'s smaller copy replaces the held one; re-reading this writer\'s own appends replays nothing', async () => {
    const storage = new MemoryStorage();
    storage.put(SEGMENT_A, copy('id-5', 5, 'held'));
    const kernel = await open(storage, Number.POSITIVE_INFINITY);
    await kernel.append([{ format: LEDGER_FORMAT, id: 'own', kind: 'diagnostic', time: '2026-12-01T11:00:00Z', writer: WRITER, idem: 'own-op', body: { code: 'NOTE', message: 'own' } }]);
    const index = kernel.index;
    await kernel.refresh({ repair: true });
    expect(kernel.index).toBe(index);
    // the held copy came with the open, whose (time, id) is not kept: a repeat of it is settled by a replay
    await storage.append(SEGMENT_B, copy('id-7', 7, 'larger copy'));
    await kernel.refresh({ repair: true });
    expect(messages(kernel).sort()).toEqual(['held', 'own']);
    await storage.append(SEGMENT_B, copy('id-2', 2, 'smaller copy'));
    await kernel.refresh({ repair: true });
    expect(messages(kernel).sort()).toEqual(['own', 'smaller copy']);
    expect(kernel.index.entryCount).toBe(2);
  });
});

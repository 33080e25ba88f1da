import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryKernel } from '../testing/kernelFixture';
import { MemoryStorage } from '../testing/memoryStorage';
import { claims, contexts, edges, status } from './answers';
import { CONTEXTS_DIR } from '../ledger/layout';
import { DEFAULT_CONTEXT_ID } from './contexts';
import { CALL_LIMIT_MS, CoherenceError, WriteQueue, withCallLimit } from './errors';
import { ReadTracker } from './save';

/** A workspace whose folder stops answering reads (a hung network drive) once the test says so. */
class HungStorage extends MemoryStorage {
  hung = false;
  private readonly never = new Promise<never>(() => undefined);

  override readText(path: string): Promise<string | null> {
    return this.hung ? this.never : super.readText(path);
  }

  override readFrom(path: string, from: number, to?: number): Promise<string> {
    return this.hung ? this.never : super.readFrom(path, from, to);
  }

  override readBytes(path: string): Promise<Uint8Array | null> {
    return this.hung ? this.never : super.readBytes(path);
  }

  override list(dir: string): Promise<string[]> {
    return this.hung ? this.never : super.list(dir);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('coherence answers', () => {
  it('COH-STATUS-01 COH-STATUS-05 a workspace without .vmark/: initialized false, counters 0, the writer id', async () => {
    const { kernel, storage } = await memoryKernel();
    storage.put('a.md', 'no id\n');
    expect(await status(kernel)).toEqual({ initialized: false, objects: 0, open_items: 0, quarantined: 0, writer: kernel.writer });
    expect(await edges(kernel)).toEqual([]);
    expect(await kernel.initialized()).toBe(false);
  });

  it('COH-STATUS-02 COH-STATUS-03 objects and open items; COH-02 status appends nothing', async () => {
    const { kernel, save } = await memoryKernel();
    const up = (await save('up.md', 'one\n')).written;
    await save('down.md', 'derived\n', ['up.md']);
    await save('other.md', 'other\n');
    await save('up.md', up.replace('one', 'two'));
    const count = kernel.index.entryCount;
    expect(await status(kernel)).toEqual({ initialized: true, objects: 3, open_items: 1, quarantined: 0, writer: kernel.writer });
    expect(kernel.index.entryCount).toBe(count);
  });

  it('COH-01 no action changes a document: status, edges, claims and contexts leave every workspace file as it was', async () => {
    const { kernel, storage, save } = await memoryKernel();
    const up = (await save('up.md', 'one\n')).written;
    await save('down.md', 'derived\n', ['up.md']);
    storage.put('up.md', up.replace('one', 'two'));
    storage.put('never-saved.md', 'no id, never saved through VMark\n');
    const documents = () => [...storage.files].filter(([path]) => !path.startsWith('.vmark/')).map(([path, file]) => [path, file.text, file.mtimeMs]);
    const before = documents();
    await status(kernel);
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
    await claims(kernel);
    await contexts(kernel);
    expect(documents()).toEqual(before);
  });

  it('COH-CLAIMS-01 COH-CLAIMS-03 claims: the current entry of each claim, visible per the default context', async () => {
    const { kernel, storage } = await memoryKernel();
    const first = kernel.entry('claim', { claim: 'c-eyes', statement: 'Elena has green eyes', invalid_at: null, supersedes: null, maturity: 'draft' });
    await kernel.append([first]);
    await kernel.append([kernel.entry('claim', { claim: 'c-eyes', statement: 'Elena has grey eyes', invalid_at: null, supersedes: first.id, maturity: 'established' })]);
    await kernel.append([kernel.entry('claim', { claim: 'c-city', statement: 'The city is Lisbon', invalid_at: '1999', supersedes: null, maturity: 'established' })]);
    storage.put(`${CONTEXTS_DIR}/default.json`, JSON.stringify({ format: 0, id: DEFAULT_CONTEXT_ID, name: 'default', enforcement: 'greenhouse', visible_claims: ['c-eyes'] }));
    const rows = await claims(kernel);
    expect(rows.find((r) => r.claim === 'c-eyes')).toEqual({ claim: 'c-eyes', entryId: expect.any(String), statement: 'Elena has grey eyes', maturity: 'established', invalidAt: null, visible: true });
    expect(rows.find((r) => r.claim === 'c-city')).toMatchObject({ invalidAt: '1999', visible: false });
  });

  it('COH-CTX-01 COH-CTX-02 contexts: the implicit default is always there; inheritance, cycles and broken manifests surface as errors', async () => {
    const { kernel, storage } = await memoryKernel();
    expect(await contexts(kernel)).toEqual([{ id: DEFAULT_CONTEXT_ID, name: 'default', parent: null, enforcement: 'greenhouse', visibleClaims: [], errors: [] }]);
    const manifest = (id: string, parent: string | null, claimsList: string[]) => JSON.stringify({ format: 0, id, name: id, parent, enforcement: 'greenhouse', visible_claims: claimsList, extra: 'kept' });
    storage.put(`${CONTEXTS_DIR}/book.json`, manifest('book', null, ['a']));
    storage.put(`${CONTEXTS_DIR}/draft.json`, manifest('draft', 'book', ['b']));
    storage.put(`${CONTEXTS_DIR}/loop1.json`, manifest('loop1', 'loop2', []));
    storage.put(`${CONTEXTS_DIR}/loop2.json`, manifest('loop2', 'loop1', []));
    storage.put(`${CONTEXTS_DIR}/broken.json`, '{');
    const rows = await contexts(kernel);
    expect(rows[0]?.id).toBe(DEFAULT_CONTEXT_ID);
    expect(rows.find((r) => r.id === 'draft')?.visibleClaims.sort()).toEqual(['a', 'b']);
    expect(rows.find((r) => r.id === 'loop1')?.errors[0]).toMatch(/cycle/);
    expect(rows.find((r) => r.id === 'broken')?.errors[0]).toMatch(/not a valid context manifest/);
  });

  it('ERR WRITE_BUSY: a write that waits over the limit behind another is not run', async () => {
    const queue = new WriteQueue(50);
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((r) => (release = r)));
    let ran = false;
    const second = queue.run(async () => {
      ran = true;
    });
    await expect(second).rejects.toThrow(/^WRITE_BUSY: .*retry/);
    release();
    await first;
    await queue.run(async () => undefined);
    expect(ran).toBe(false);
  });

  it('COH-09 COH-10 TIMEOUT: a write over the limit says its result is unknown, a read says retry', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withCallLimit(never, 'coherence.edges', true, 20)).rejects.toThrow(/^TIMEOUT: coherence.edges .*result is unknown; read the current state/);
    await expect(withCallLimit(never, 'coherence.status', false, 20)).rejects.toBeInstanceOf(CoherenceError);
  });

  it('COH-09 every read of coherence answers TIMEOUT after 20 s, saying what to do: status, claims and contexts on a folder that stopped answering', async () => {
    const storage = new HungStorage();
    const { kernel, save } = await memoryKernel(storage);
    await save('elena.md', 'Elena has green eyes.\n');
    storage.hung = true;
    vi.useFakeTimers();
    const outcomes = [status, claims, contexts].map((read) =>
      read(kernel).then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    );
    await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS);
    expect(await Promise.all(outcomes)).toEqual([
      'TIMEOUT: coherence.status did not finish within 20 s; retry shortly',
      'TIMEOUT: coherence.claims did not finish within 20 s; retry shortly',
      'TIMEOUT: coherence.contexts did not finish within 20 s; retry shortly',
    ]);
  });

  it('MCP writes are inferred from this connection\'s reads since its last write, minus the target', () => {
    const reads = new ReadTracker();
    reads.recordRead('c1', 'elena.md');
    reads.recordRead('c1', 'chapter.md');
    reads.recordRead('c2', 'other.md');
    expect(reads.takeInputs('c1', 'chapter.md')).toEqual(['elena.md']);
    expect(reads.takeInputs('c1', 'chapter.md')).toEqual([]);
    expect(reads.takeInputs('c2', 'x.md')).toEqual(['other.md']);
  });
});

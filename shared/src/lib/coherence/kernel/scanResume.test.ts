import { describe, expect, it, vi } from 'vitest';
import { SCAN_STATE_PATH } from '../ledger/layout';
import { memoryKernel } from '../testing/kernelFixture';
import { MemoryStorage, transformationsIn } from '../testing/memoryStorage';
import { contentHash } from '../text/canonical';
import { CoherenceKernel } from './kernel';
import { reconcile } from './scan';

/** A workspace whose document reads can be made to stop answering after `hangAfter` (the scan's worker or host killed mid-scan). */
class KillableStorage extends MemoryStorage {
  reads = 0;
  hangAfter = Number.POSITIVE_INFINITY;

  override async readText(path: string): Promise<string | null> {
    if (path.endsWith('.md') && !path.startsWith('.vmark/')) {
      this.reads++;
      if (this.reads > this.hangAfter) return new Promise(() => undefined);
    }
    return super.readText(path);
  }
}

const N = 40;
const name = (i: number) => `notes/n${String(i).padStart(2, '0')}.md`;

/** N documents saved through VMark, then the stat cache lost: the next scan is cold and reads every one. */
async function savedWorkspace() {
  const storage = new KillableStorage();
  const { save } = await memoryKernel(storage);
  for (let i = 0; i < N; i++) await save(name(i), `Note ${i}.\n`);
  storage.remove(SCAN_STATE_PATH);
  return storage;
}

const savedEntries = (storage: MemoryStorage): number => Object.keys((JSON.parse(storage.text(SCAN_STATE_PATH) ?? '{"files":{}}') as { files: object }).files).length;

/** Waits (on the condition, not a clock) until the killed scan's saving has caught up. */
const until = (done: () => boolean) => vi.waitFor(() => expect(done()).toBe(true), { timeout: 5_000, interval: 1 });

describe('a cold scan killed part-way resumes where it was (COH-10, COH-EDGES-01)', () => {
  it('the stat cache is saved as the scan goes: a new kernel reads only the documents the killed scan had not examined', async () => {
    const storage = await savedWorkspace();
    const k = 25;
    storage.hangAfter = k;
    const killed = await CoherenceKernel.open(storage, { writer: 'killed-writer', scanProgress: { everyFiles: 1 } });
    void reconcile(killed); // never finishes: its reads after the k-th hang
    await until(() => savedEntries(storage) === k);

    storage.hangAfter = Number.POSITIVE_INFINITY;
    storage.reads = 0;
    const resumed = await CoherenceKernel.open(storage, { writer: 'resumed-writer' });
    const report = await reconcile(resumed);
    expect(report).toMatchObject({ reads: N - k, examined: N, changed: 0 });
    expect(storage.reads).toBe(N - k);
  });

  it('a file whose change the killed scan had read but not yet recorded is not trusted: the resumed scan reads it and records the edit', async () => {
    const storage = await savedWorkspace();
    const edited = 'Note 3, edited outside VMark.\n';
    storage.put(name(3), edited);
    const k = 25;
    storage.hangAfter = k;
    const killed = await CoherenceKernel.open(storage, { writer: 'killed-writer', scanProgress: { everyFiles: 1 } });
    void reconcile(killed);
    // the edited file is read but its revision is not in the ledger: it stays out of the saved cache
    await until(() => savedEntries(storage) === k - 1);
    expect(transformationsIn(storage).filter((t) => t.body.outputs[0]?.content_hash === contentHash(edited).hash)).toHaveLength(0);

    storage.hangAfter = Number.POSITIVE_INFINITY;
    storage.reads = 0;
    const resumed = await CoherenceKernel.open(storage, { writer: 'resumed-writer' });
    expect(await reconcile(resumed)).toMatchObject({ reads: N - k + 1, changed: 1 });
    expect(transformationsIn(storage).filter((t) => t.body.outputs[0]?.content_hash === contentHash(edited).hash)).toHaveLength(1);
    // and a scan after it trusts the whole cache
    storage.reads = 0;
    const next = await CoherenceKernel.open(storage, { writer: 'next-writer' });
    expect(await reconcile(next)).toMatchObject({ reads: 0, changed: 0 });
  });

  it('by default the progress is saved every couple of seconds, not per file: a quick scan writes the cache once, at its end', async () => {
    const storage = await savedWorkspace();
    let writes = 0;
    const write = storage.writeAtomic.bind(storage);
    storage.writeAtomic = async (path, text) => {
      if (path === SCAN_STATE_PATH) writes++;
      return write(path, text);
    };
    await reconcile(await CoherenceKernel.open(storage, { writer: 'quick-writer' }));
    expect(writes).toBe(1);
    expect(savedEntries(storage)).toBe(N);
  });
});

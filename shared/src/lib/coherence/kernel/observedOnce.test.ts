import { describe, expect, it } from 'vitest';
import { segmentName, LEDGER_DIR } from '../ledger/layout';
import { memoryKernel, WRITER_A, WRITER_B } from '../testing/kernelFixture';
import { ledgerEntries, MemoryStorage, transformationsIn } from '../testing/memoryStorage';
import { contentHash } from '../text/canonical';
import { edges } from './answers';
import { CoherenceKernel } from './kernel';
import { reconcile } from './scan';

// Two windows (or two writers) that scan one workspace see the same outside change: the ledger
// records it once (vmark.md §8.2, "a retried operation never appears twice").

const ELENA = 'Elena has green eyes.\n';

/** A workspace where kernel `a` derived chapter.md from elena.md, and a second kernel `b` opened on it. */
async function twoKernels(writerB: string) {
  const a = await memoryKernel();
  await a.save('elena.md', ELENA);
  await a.save('chapter.md', 'Her green eyes.\n', ['elena.md']);
  const b = await CoherenceKernel.open(a.storage, { writer: writerB });
  await edges(a.kernel);
  await edges(b);
  return { a: a.kernel, b, storage: a.storage, save: a.save };
}

const recordingsOf = (storage: MemoryStorage, text: string) => transformationsIn(storage).filter((t) => t.body.outputs[0]?.content_hash === contentHash(text).hash);
const registrationsAt = (storage: MemoryStorage, path: string) => ledgerEntries(storage).filter((e) => e.kind === 'object-registered' && e.body.path === path);

const git = (storage: MemoryStorage, branch: string, commit: string) => {
  storage.put('.git/HEAD', `ref: refs/heads/${branch}\n`);
  storage.put(`.git/refs/heads/${branch}`, `${commit}\n`);
};

describe('a change the scan observes is recorded once across windows and writers (COH-03, COH-EDGES-01)', () => {
  for (const [label, writerB] of [
    ['two windows of one writer', WRITER_A],
    ['two writers', WRITER_B],
  ] as const) {
    it(`${label}: an outside edit both scan one after the other is one transformation; the edge is stale in both`, async () => {
      const { a, b, storage } = await twoKernels(writerB);
      const edited = ELENA.replace('green', 'grey');
      storage.put('elena.md', edited);
      expect((await edges(a)).map((e) => e.state)).toEqual(['version-stale']);
      expect((await edges(b)).map((e) => e.state)).toEqual(['version-stale']);
      expect(recordingsOf(storage, edited)).toHaveLength(1);
    });

    it(`${label}: an outside edit both scan at once is one transformation`, async () => {
      const { a, b, storage } = await twoKernels(writerB);
      const edited = ELENA.replace('green', 'hazel');
      storage.put('elena.md', edited);
      await Promise.all([edges(a), edges(b)]);
      expect(recordingsOf(storage, edited)).toHaveLength(1);
      // and neither records it again later
      await Promise.all([edges(a), edges(b)]);
      expect(recordingsOf(storage, edited)).toHaveLength(1);
    });
  }

  it('an edit undone and made again outside VMark (A → B → A → B) is a new revision each time, recorded once each', async () => {
    const { a, b, storage } = await twoKernels(WRITER_B);
    const edited = ELENA.replace('green', 'grey');
    for (const text of [edited, ELENA, edited]) {
      storage.put('elena.md', text);
      await Promise.all([edges(a), edges(b)]);
    }
    expect(recordingsOf(storage, edited)).toHaveLength(2);
    // the original text: the save, and its return
    expect(recordingsOf(storage, ELENA)).toHaveLength(2);
    expect(new Set(recordingsOf(storage, edited).map((t) => t.body.outputs[0]?.revision)).size).toBe(2);
  });

  it('a save captured in one window and then scanned in the other is not recorded again as an outside edit', async () => {
    const { b, storage, save } = await twoKernels(WRITER_A);
    const saved = ELENA.replace('green', 'amber');
    await save('elena.md', saved);
    await edges(b);
    expect(recordingsOf(storage, saved)).toHaveLength(1);
    expect(recordingsOf(storage, saved)[0]?.body.agent).toEqual({ type: 'human' });
  });

  it('a move outside VMark both scan at once is one registration; moved back and again, each move is recorded once', async () => {
    const { a, b, storage } = await twoKernels(WRITER_B);
    for (const [from, to] of [
      ['elena.md', 'characters/elena.md'],
      ['characters/elena.md', 'elena.md'],
      ['elena.md', 'characters/elena.md'],
    ] as const) {
      storage.move(from, to);
      await Promise.all([edges(a), edges(b)]);
      expect(a.objectAt(to)?.id).toBe(b.objectAt(to)?.id);
    }
    expect(registrationsAt(storage, 'characters/elena.md')).toHaveLength(2);
    // the capture's registration and the move back
    expect(registrationsAt(storage, 'elena.md')).toHaveLength(2);
  });

  it('a git checkout both scan is one navigation entry; switching back and forth records each switch once', async () => {
    const { a, b, storage } = await twoKernels(WRITER_B);
    git(storage, 'main', 'c1');
    await Promise.all([reconcile(a), reconcile(b)]);
    for (const [branch, commit, text] of [
      ['draft', 'c9', ELENA.replace('green', 'violet')],
      ['main', 'c1', ELENA],
      ['draft', 'c9', ELENA.replace('green', 'violet')],
    ] as const) {
      git(storage, branch, commit);
      storage.put('elena.md', text);
      await Promise.all([edges(a), edges(b)]);
    }
    expect(ledgerEntries(storage).filter((e) => e.kind === 'navigation').map((e) => (e.body as { ref: string }).ref)).toEqual(['refs/heads/draft', 'refs/heads/main', 'refs/heads/draft']);
  });

  it('two clones that each record the same outside edit, merged by git (union of segments): the index keeps one, a new reader too', async () => {
    const { a, storage } = await twoKernels(WRITER_B);
    const clone = new MemoryStorage();
    for (const [path, file] of storage.files) clone.put(path, file.text);
    const b = await CoherenceKernel.open(clone, { writer: WRITER_B });
    await edges(b);
    const edited = ELENA.replace('green', 'grey');
    storage.put('elena.md', edited);
    clone.put('elena.md', edited);
    await edges(a);
    await edges(b);
    // the merge brings the other clone's segment in: both hold the observation, under the same idem
    const segment = `${LEDGER_DIR}/${segmentName(WRITER_B, 0)}`;
    storage.put(segment, clone.text(segment) as string);
    const copies = recordingsOf(storage, edited);
    expect(copies).toHaveLength(2);
    expect(copies[0]?.idem).toBe(copies[1]?.idem);
    await edges(a);
    const reader = await CoherenceKernel.open(storage, { writer: WRITER_B, snapshot: false });
    for (const kernel of [a, reader]) {
      expect(kernel.index.entryCount).toBe(new Set(ledgerEntries(storage).map((e) => e.idem)).size);
      expect(kernel.objectAt('elena.md')?.revisions.size).toBe(2);
      expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
    }
    // nothing new was recorded for it by reading the merge
    expect(recordingsOf(storage, edited)).toHaveLength(2);
  });
});

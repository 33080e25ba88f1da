import { describe, expect, it } from 'vitest';
import { memoryKernel, WRITER_B } from '../testing/kernelFixture';
import { MemoryStorage } from '../testing/memoryStorage';
import { WatchingMemoryStorage } from '../testing/watchingStorage';
import { edges, status } from './answers';
import { reconcile } from './scan';

/**
 * A storage that watches the workspace lets the scan look only at what changed. Every scenario runs
 * on both storages and must end the same; with the watch, the scan examines only the changed files.
 */
const FILLER = 20;

async function workspace(storage: MemoryStorage) {
  const fixture = await memoryKernel(storage);
  const elena = (await fixture.save('elena.md', 'Elena has green eyes.\n')).written;
  const chapter = (await fixture.save('chapter.md', 'Her green eyes.\n', ['elena.md'])).written;
  for (let i = 0; i < FILLER; i++) await fixture.save(`notes/n${i}.md`, `Note ${i}.\n`);
  // the first scan after saves looks at every file; the next one is the watched case
  await edges(fixture.kernel);
  await edges(fixture.kernel);
  return { ...fixture, elena, chapter };
}

const watched = (storage: MemoryStorage) => storage instanceof WatchingMemoryStorage;

describe.each([
  ['every file (no watch)', () => new MemoryStorage()],
  ['only what the watch reports', () => new WatchingMemoryStorage()],
])('scan reconciliation looking at %s (COH-EDGES-01)', (_name, make) => {
  it('an external edit of the upstream: one file examined, the edge goes stale', async () => {
    const { kernel, storage, elena } = await workspace(make());
    storage.put('elena.md', elena.replace('green', 'grey'));
    const report = await reconcile(kernel);
    expect(report).toMatchObject({ changed: 1, reads: 1, examined: watched(storage) ? 1 : FILLER + 2 });
    expect((await edges(kernel)).map((e) => [e.upstream_path, e.state])).toEqual([['elena.md', 'version-stale']]);
  });

  it('a move keeps the identity, a delete marks the object absent, a restore brings it back', async () => {
    const { kernel, storage, chapter } = await workspace(make());
    storage.move('elena.md', 'characters/elena.md');
    expect(await reconcile(kernel)).toMatchObject({ moved: 1, changed: 0, absent: 0 });
    expect(kernel.objectAt('characters/elena.md')).toBeDefined();
    storage.remove('chapter.md');
    expect(await reconcile(kernel)).toMatchObject({ absent: 1 });
    expect((await status(kernel)).objects).toBe(FILLER + 1);
    storage.put('chapter.md', chapter);
    expect(await reconcile(kernel)).toMatchObject({ absent: 0, changed: 0 });
    expect((await status(kernel)).objects).toBe(FILLER + 2);
    expect((await kernel.project()).map((e) => [e.upstream_path, e.downstream_path, e.state])).toEqual([['characters/elena.md', 'chapter.md', 'fresh']]);
  });

  it('a copy of an unchanged file is a duplicate; removing the copy releases it', async () => {
    const { kernel, storage, elena } = await workspace(make());
    storage.put('elena-copy.md', elena);
    await reconcile(kernel);
    expect(kernel.index.diagnostics.filter((d) => d.body.code === 'DUPLICATE_IDENTITY').map((d) => d.body.paths)).toEqual([['elena-copy.md', 'elena.md']]);
    expect([...kernel.heldPaths.keys()]).toEqual(['elena-copy.md']);
    storage.remove('elena-copy.md');
    await reconcile(kernel);
    expect(kernel.heldPaths.size).toBe(0);
    expect(await reconcile(kernel)).toMatchObject({ duplicates: [], absent: 0, examined: watched(storage) ? 0 : FILLER + 2 });
  });

  it('a file whose (legacy) vmark: id was replaced: the old object is absent, the new id adopted', async () => {
    const { kernel, storage, save } = await workspace(make());
    const id = '0198c0de-0000-7000-8000-0000000000aa';
    const keyed = `---\nvmark:\n  id: ${id}\n---\nKeyed by an older VMark.\n`;
    await save('keyed.md', keyed);
    await reconcile(kernel);
    expect(kernel.objectAt('keyed.md')?.id).toBe(id);
    storage.put('keyed.md', keyed.replace(id, '0198c0de-0000-7000-8000-0000000000ff'));
    expect(await reconcile(kernel)).toMatchObject({ adopted: 1, absent: 1 });
    expect(kernel.index.objects.get(id)?.absent).toBe(true);
    expect(kernel.objectAt('keyed.md')?.id).toBe('0198c0de-0000-7000-8000-0000000000ff');
  });

  it('entries of another writer make the next scan look at every file again', async () => {
    const { kernel, storage } = await workspace(make());
    const other = await memoryKernel(storage, WRITER_B);
    await other.save('notes/n0.md', 'Note 0, edited by B.\n');
    await kernel.refresh({ repair: false });
    // kernel's index took the other writer's entries: it cannot trust the watch's view alone
    expect((await reconcile(kernel)).examined).toBe(FILLER + 2);
  });
});

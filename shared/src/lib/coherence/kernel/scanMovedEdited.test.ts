import { describe, expect, it } from 'vitest';
import { memoryKernel } from '../testing/kernelFixture';
import { MemoryStorage, transformationsIn } from '../testing/memoryStorage';
import { WatchingMemoryStorage } from '../testing/watchingStorage';
import { edges } from './answers';
import { reconcile } from './scan';

/**
 * A document moved AND edited outside VMark keeps its identity when the new file's text is similar
 * enough to the one that vanished (git's rename detection, 50 % of lines in common, the unique best
 * match both ways); the edit is a new revision. On both storages: every file walked, or only what
 * the watch reports.
 */
const ELENA = '# Elena\n\nElena has green eyes.\nShe grew up by the sea.\nHer brother is a sailor.\nShe never learned to swim.\n';
const GRETA = '# Greta\n\nGreta has brown hair.\nShe lives in the mountains.\nShe keeps goats.\nShe hates the cold.\n';

async function derived(storage: MemoryStorage) {
  const fixture = await memoryKernel(storage);
  await fixture.save('elena.md', ELENA);
  await fixture.save('chapter.md', 'Her green eyes.\n', ['elena.md']);
  await fixture.save('greta.md', GRETA);
  await fixture.save('notes.md', 'Notes.\n');
  await edges(fixture.kernel);
  await edges(fixture.kernel);
  return { ...fixture, id: fixture.kernel.objectAt('elena.md')!.id };
}

describe.each([
  ['every file walked', () => new MemoryStorage()],
  ['only what the watch reports', () => new WatchingMemoryStorage()],
])('a move with an edit outside VMark (%s) (COH-EDGES-01)', (_name, make) => {
  it('moved and edited: the same document at its new path, the edit a new observed-external revision, the derived edge version-stale', async () => {
    const { kernel, storage, id } = await derived(make());
    const before = kernel.objectAt('elena.md')!.revisions.size;
    storage.remove('elena.md');
    storage.put('people/elena.md', ELENA.replace('green', 'grey'));
    expect(await reconcile(kernel)).toMatchObject({ moved: 1, changed: 1, absent: 0 });
    const object = kernel.objectAt('people/elena.md');
    expect(object?.id).toBe(id);
    expect(object?.revisions.size).toBe(before + 1);
    expect(transformationsIn(storage).at(-1)?.body).toMatchObject({ agent: { type: 'external' }, intent: { kind: 'observed-external', summary: 'elena.md moved to people/elena.md and edited outside VMark' }, outputs: [expect.objectContaining({ object: id })] });
    expect((await edges(kernel)).map((e) => [e.upstream_path, e.downstream_path, e.state])).toEqual([['people/elena.md', 'chapter.md', 'version-stale']]);
    // nothing left to find: a rescan appends nothing
    const entries = kernel.index.entryCount;
    await reconcile(kernel);
    expect(kernel.index.entryCount).toBe(entries);
  });

  it('a new text with less than half its lines in common is a delete plus a new document', async () => {
    const { kernel, storage } = await derived(make());
    storage.remove('elena.md');
    storage.put('people/elena.md', '# Elena\n\nElena has grey eyes.\nShe grew up in town.\nShe has no brother.\nShe swims every day.\n');
    expect(await reconcile(kernel)).toMatchObject({ moved: 0, absent: 1 });
    expect(kernel.objectAt('people/elena.md')).toBeUndefined();
  });

  it('a tie (two new files equally like the vanished one): neither takes its identity', async () => {
    const { kernel, storage } = await derived(make());
    storage.remove('elena.md');
    storage.put('a/elena.md', ELENA.replace('green', 'grey'));
    storage.put('b/elena.md', ELENA.replace('green', 'blue'));
    expect(await reconcile(kernel)).toMatchObject({ moved: 0, absent: 1 });
    expect(kernel.objectAt('a/elena.md')).toBeUndefined();
    expect(kernel.objectAt('b/elena.md')).toBeUndefined();
  });

  it('two documents moved and edited at once: each keeps its own identity (the best match, not the first)', async () => {
    const { kernel, storage, id } = await derived(make());
    const greta = kernel.objectAt('greta.md')!.id;
    storage.remove('elena.md');
    storage.remove('greta.md');
    storage.put('people/greta.md', `${GRETA}She sings.\n`);
    storage.put('people/elena.md', `${ELENA}She sings too.\n`);
    expect(await reconcile(kernel)).toMatchObject({ moved: 2, changed: 2, absent: 0 });
    expect(kernel.objectAt('people/elena.md')?.id).toBe(id);
    expect(kernel.objectAt('people/greta.md')?.id).toBe(greta);
  });

  it('a copy plus an edit (the original still in place) is a new document, never the original', async () => {
    const { kernel, storage, id } = await derived(make());
    storage.put('elena-draft.md', ELENA.replace('green', 'grey'));
    expect(await reconcile(kernel)).toMatchObject({ moved: 0, changed: 0, absent: 0, duplicates: [] });
    expect(kernel.objectAt('elena.md')?.id).toBe(id);
    expect(kernel.objectAt('elena-draft.md')).toBeUndefined();
    expect(kernel.index.diagnostics.filter((d) => d.body.code === 'DUPLICATE_IDENTITY')).toEqual([]);
  });
});

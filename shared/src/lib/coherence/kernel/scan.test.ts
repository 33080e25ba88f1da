import { describe, expect, it } from 'vitest';
import { memoryKernel } from '../testing/kernelFixture';
import { transformationsIn } from '../testing/memoryStorage';
import { edges, status } from './answers';
import { reconcile } from './scan';
import { capture } from './capture';

async function derived() {
  const fixture = await memoryKernel();
  const elena = (await fixture.save('elena.md', 'Elena has green eyes.\n')).written;
  const chapter = (await fixture.save('chapter.md', 'Her green eyes.\n', ['elena.md'])).written;
  return { ...fixture, elena, chapter };
}

const git = (storage: import('../testing/memoryStorage').MemoryStorage, branch: string, commit: string) => {
  storage.put('.git/HEAD', `ref: refs/heads/${branch}\n`);
  storage.put(`.git/refs/heads/${branch}`, `${commit}\n`);
};

describe('scan reconciliation (COH-EDGES-01)', () => {
  it('an external edit of the upstream is found by edges: an observed-external revision, the edge goes stale', async () => {
    const { kernel, storage, elena } = await derived();
    storage.put('elena.md', elena.replace('green', 'grey'));
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
    const last = transformationsIn(storage).at(-1)!;
    expect(last.body).toMatchObject({ agent: { type: 'external' }, confidence: 'unknown', intent: { kind: 'observed-external' } });
  });

  it('an external edit of the downstream keeps its pins (it is not a re-derivation)', async () => {
    const { kernel, storage, chapter } = await derived();
    storage.put('chapter.md', `${chapter}An added line.\n`);
    expect(await edges(kernel)).toEqual([]);
    expect((await kernel.project()).map((e) => e.state)).toEqual(['fresh']);
  });

  it('a move outside VMark keeps the identity and updates the path without a new revision', async () => {
    const { kernel, storage } = await derived();
    const revisions = kernel.objectAt('elena.md')!.revisions.size;
    storage.move('elena.md', 'characters/elena.md');
    const report = await reconcile(kernel);
    expect(report).toMatchObject({ moved: 1, changed: 0 });
    expect(kernel.objectAt('characters/elena.md')?.revisions.size).toBe(revisions);
    expect((await kernel.project())[0]).toMatchObject({ upstream_path: 'characters/elena.md', state: 'fresh' });
  });

  it('a registered document edited outside VMark at its path stays the same document (identified by its path)', async () => {
    const { kernel, storage, chapter } = await derived();
    const id = kernel.objectAt('chapter.md')!.id;
    storage.put('chapter.md', `${chapter}More.\n`);
    expect(await reconcile(kernel)).toMatchObject({ changed: 1, moved: 0 });
    expect(kernel.objectAt('chapter.md')?.id).toBe(id);
    expect(storage.text('chapter.md')).toBe(`${chapter}More.\n`);
  });

  it('a deleted file is marked absent (no ledger entry) and counted out of objects', async () => {
    const { kernel, storage } = await derived();
    const before = kernel.index.entryCount;
    storage.remove('chapter.md');
    expect((await reconcile(kernel)).absent).toBe(1);
    expect(kernel.index.entryCount).toBe(before);
    expect((await status(kernel)).objects).toBe(1);
    expect(await edges(kernel)).toEqual([]);
  });

  it('a copy outside VMark (same text at a new path, the original in place): one DUPLICATE_IDENTITY diagnostic; the copy stays untracked, its capture held while its text is the same, and gets its own identity once it differs', async () => {
    const { kernel, storage, elena, save } = await derived();
    const original = kernel.objectAt('elena.md')!;
    storage.put('elena-copy.md', elena);
    expect((await reconcile(kernel)).duplicates).toEqual([]);
    await reconcile(kernel);
    const diagnostics = kernel.index.diagnostics.filter((d) => d.body.code === 'DUPLICATE_IDENTITY');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.body).toMatchObject({ object: original.id, paths: ['elena-copy.md', 'elena.md'] });
    expect(kernel.objectAt('elena-copy.md')).toBeUndefined();
    const held = await capture(kernel, { path: 'elena-copy.md', content: elena, agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' });
    expect(held).toMatchObject({ recorded: false, reason: expect.stringMatching(/same text as elena\.md/) });
    // the original is not in doubt: its saves are captured
    await save('elena.md', elena.replace('green', 'hazel'));
    await save('elena-copy.md', `${elena}A variant.\n`);
    expect(kernel.objectAt('elena-copy.md')?.id).not.toBe(original.id);
    expect(kernel.objectAt('elena.md')?.id).toBe(original.id);
  });

  it('a copy whose original is then deleted takes over its identity (cp + rm is a move)', async () => {
    const { kernel, storage, elena } = await derived();
    const original = kernel.objectAt('elena.md')!;
    storage.put('elena-copy.md', elena);
    await reconcile(kernel);
    storage.remove('elena.md');
    expect(await reconcile(kernel)).toMatchObject({ moved: 1, absent: 0 });
    expect(kernel.objectAt('elena-copy.md')?.id).toBe(original.id);
    expect((await kernel.project())[0]).toMatchObject({ upstream_path: 'elena-copy.md', state: 'fresh' });
  });

  it('a document gone and two new files with its text: which one it became is unknown, one diagnostic, its captures held until one file keeps it', async () => {
    const { kernel, storage, elena } = await derived();
    const original = kernel.objectAt('elena.md')!;
    storage.move('elena.md', 'a/elena.md');
    storage.put('b/elena.md', elena);
    const report = await reconcile(kernel);
    expect(report).toMatchObject({ moved: 0, duplicates: [original.id] });
    await reconcile(kernel);
    expect(kernel.index.diagnostics.filter((d) => d.body.code === 'DUPLICATE_IDENTITY').map((d) => d.body.paths)).toEqual([['a/elena.md', 'b/elena.md', 'elena.md']]);
    expect(await capture(kernel, { path: 'a/elena.md', content: elena, agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' })).toMatchObject({ recorded: false });
    storage.remove('b/elena.md');
    expect(await reconcile(kernel)).toMatchObject({ moved: 1 });
    expect(kernel.objectAt('a/elena.md')?.id).toBe(original.id);
    expect(kernel.held.size).toBe(0);
  });

  it('a copy of a file that carries a vmark: id (original VMark): one DUPLICATE_IDENTITY diagnostic and captures of it held, until one file keeps it', async () => {
    const { kernel, storage, save } = await memoryKernel();
    const elena = (await save('elena.md', '---\nvmark:\n  id: 0198c0de-0000-7000-8000-0000000000aa\n---\nElena has green eyes.\n')).written;
    storage.put('elena-copy.md', elena);
    const report = await reconcile(kernel);
    expect(report.duplicates).toHaveLength(1);
    await reconcile(kernel);
    const diagnostics = kernel.index.diagnostics.filter((d) => d.body.code === 'DUPLICATE_IDENTITY');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.body.paths).toEqual(['elena-copy.md', 'elena.md']);
    const held = await capture(kernel, { path: 'elena.md', content: elena.replace('green', 'blue'), agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' });
    expect(held).toMatchObject({ recorded: false });
    storage.remove('elena-copy.md');
    await reconcile(kernel);
    expect(kernel.held.size).toBe(0);
  });

  it('a file with a vmark: id the ledger never saw is adopted; files never saved through VMark are left alone, byte for byte', async () => {
    const { kernel, storage } = await memoryKernel();
    storage.put('notes.md', 'never saved through VMark\n');
    storage.put('imported.md', '---\nvmark:\n  id: 0198c0de-0000-7000-8000-0000000000ff\n---\nfrom another clone\n');
    const report = await reconcile(kernel);
    expect(report.adopted).toBe(1);
    expect(storage.text('notes.md')).toBe('never saved through VMark\n');
    // the next scan reads neither again: both match the stat cache, id or not
    expect((await reconcile(kernel)).reads).toBe(0);
    storage.put('notes.md', 'edited outside\n');
    expect((await reconcile(kernel)).reads).toBe(1);
    expect((await status(kernel)).objects).toBe(1);
  });

  it('a malformed vmark block is diagnosed, never guessed or rewritten', async () => {
    const { kernel, storage } = await memoryKernel();
    storage.put('bad.md', '---\nvmark:\n  id: 42\n---\ntext\n');
    await reconcile(kernel);
    expect(kernel.index.diagnostics.map((d) => d.body.code)).toEqual(['MALFORMED_IDENTITY']);
    expect(storage.text('bad.md')).toBe('---\nvmark:\n  id: 42\n---\ntext\n');
  });

  it('a git checkout of another branch is navigation: no new revision, the edge state does not change', async () => {
    const { kernel, storage, elena } = await derived();
    git(storage, 'main', 'c1');
    await reconcile(kernel);
    const revisions = kernel.objectAt('elena.md')!.revisions.size;
    git(storage, 'draft', 'c9');
    storage.put('elena.md', elena.replace('green', 'violet'));
    const report = await reconcile(kernel);
    expect(report.navigation).toBe(true);
    expect(kernel.objectAt('elena.md')!.revisions.size).toBe(revisions);
    expect(kernel.index.lastNavigation?.body).toMatchObject({ op: 'branch-switch', ref: 'refs/heads/draft', to: 'c9' });
    expect(await edges(kernel)).toEqual([]);
    // back to main: the file returns to a revision the ledger knows; still navigation, still no revision
    git(storage, 'main', 'c1');
    storage.put('elena.md', elena);
    expect((await reconcile(kernel)).navigation).toBe(true);
    expect(kernel.index.lastNavigation?.body).toMatchObject({ op: 'branch-switch', ref: 'refs/heads/main', to: 'c1' });
    expect(kernel.objectAt('elena.md')!.revisions.size).toBe(revisions);
  });

  it('a git merge or pull on the same branch is a mutation: a git-agent revision, the edge goes stale', async () => {
    const { kernel, storage, elena } = await derived();
    git(storage, 'main', 'c1');
    await reconcile(kernel);
    git(storage, 'main', 'c2');
    storage.put('elena.md', elena.replace('green', 'grey'));
    await reconcile(kernel);
    expect(transformationsIn(storage).at(-1)?.body.agent).toEqual({ type: 'git' });
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
  });

  it('edges never changes a document (COH-03) and a rescan with nothing changed appends nothing', async () => {
    const { kernel, storage, elena, chapter } = await derived();
    await edges(kernel);
    const count = kernel.index.entryCount;
    await edges(kernel);
    expect(kernel.index.entryCount).toBe(count);
    expect(storage.text('elena.md')).toBe(elena);
    expect(storage.text('chapter.md')).toBe(chapter);
  });
});

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

  it('a deleted file is marked absent (no ledger entry) and counted out of objects', async () => {
    const { kernel, storage } = await derived();
    const before = kernel.index.entryCount;
    storage.remove('chapter.md');
    expect((await reconcile(kernel)).absent).toBe(1);
    expect(kernel.index.entryCount).toBe(before);
    expect((await status(kernel)).objects).toBe(1);
    expect(await edges(kernel)).toEqual([]);
  });

  it('a copy carries the same id: one DUPLICATE_IDENTITY diagnostic and captures of it held, until one file keeps it', async () => {
    const { kernel, storage, elena } = await derived();
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

  it('a file with an id the ledger never saw is adopted; files without an id are left alone, byte for byte', async () => {
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

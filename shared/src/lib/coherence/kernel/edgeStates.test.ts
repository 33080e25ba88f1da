import { describe, expect, it } from 'vitest';
import { memoryKernel } from '../testing/kernelFixture';
import { edges, status } from './answers';
import { CONTEXTS_DIR } from '../ledger/layout';
import { DEFAULT_CONTEXT_ID } from './contexts';
import { recordCheck, resolveAsPerson } from './personActions';
import { OPEN_EDGE_STATES } from './project';

/** elena.md (upstream) → chapter.md (downstream), both saved through VMark. */
async function derived() {
  const fixture = await memoryKernel();
  const elena = (await fixture.save('characters/elena.md', 'Elena has green eyes.\n')).written;
  await fixture.save('scenes/chapter-3.md', 'Her green eyes shone.\n', ['characters/elena.md']);
  const advanceUpstream = (text: string) => fixture.save('characters/elena.md', elena.replace(/Elena has .*\n$/, `${text}\n`));
  return { ...fixture, elena, advanceUpstream };
}

describe('edge states (COH-EDGES-02 COH-EDGES-03)', () => {
  it('an edge whose upstream did not move is fresh and not listed: edges is []', async () => {
    const { kernel } = await derived();
    expect(await edges(kernel)).toEqual([]);
    expect((await kernel.project()).map((e) => e.state)).toEqual(['fresh']);
  });

  it('version-stale when the upstream moved on, with the seed\'s row shape', async () => {
    const { kernel, advanceUpstream } = await derived();
    const pinned = (await kernel.project())[0]?.pinned;
    await advanceUpstream('Elena has grey eyes.');
    const rows = await edges(kernel);
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(Object.keys(row)).toEqual(['txf', 'input', 'upstream', 'upstream_path', 'pinned', 'downstream', 'downstream_path', 'downstream_rev', 'state']);
    expect(row).toMatchObject({ input: 0, upstream_path: 'characters/elena.md', downstream_path: 'scenes/chapter-3.md', pinned, state: 'version-stale' });
    expect(row.downstream_rev).toMatch(/^rev1:/);
    expect((await status(kernel)).open_items).toBe(1);
  });

  it.each([
    ['no-contradiction', 'stale-valid'],
    ['contradiction', 'stale-contradicted'],
    ['unknown', 'stale-unknown'],
  ] as const)('a person\'s check "%s" makes it %s; the next upstream move makes it version-stale again', async (verdict, state) => {
    const { kernel, advanceUpstream } = await derived();
    await advanceUpstream('Elena has grey eyes.');
    const [row] = await edges(kernel);
    await recordCheck(kernel, { txf: row!.txf, input: 0, verdict });
    expect((await edges(kernel)).map((e) => e.state)).toEqual([state]);
    await advanceUpstream('Elena has blue eyes.');
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
  });

  it('COH-CLAIMS-02 only established, still valid claims of the context constrain a check: a draft, an invalidated or an invisible claim leaves it standing', async () => {
    const { kernel, storage, advanceUpstream } = await derived();
    await advanceUpstream('Elena has grey eyes.');
    const [row] = await edges(kernel);
    await recordCheck(kernel, { txf: row!.txf, input: 0, verdict: 'no-contradiction' });
    const claim = (claimId: string, maturity: 'draft' | 'established', invalidAt: string | null = null) =>
      kernel.append([kernel.entry('claim', { claim: claimId, statement: `${claimId} holds`, invalid_at: invalidAt, supersedes: null, maturity })]);
    storage.put(`${CONTEXTS_DIR}/default.json`, JSON.stringify({ format: 0, id: DEFAULT_CONTEXT_ID, name: 'default', enforcement: 'greenhouse', visible_claims: ['c-draft', 'c-gone', 'c-canon'] }));
    await claim('c-draft', 'draft');
    await claim('c-gone', 'established', '1999');
    await claim('c-hidden', 'established');
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['stale-valid']);
    await claim('c-canon', 'established');
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
  });

  it('waived with a reason until the upstream moves again; an expired waiver reopens the edge', async () => {
    const { kernel, advanceUpstream, clock } = await derived();
    await advanceUpstream('Elena has grey eyes.');
    const [row] = await edges(kernel);
    await resolveAsPerson(kernel, { txf: row!.txf, input: 0, resolution: 'waive', reason: 'eye colour is not in this scene' });
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['waived']);
    await advanceUpstream('Elena has blue eyes.');
    const [reopened] = await edges(kernel);
    expect(reopened?.state).toBe('version-stale');
    await resolveAsPerson(kernel, { txf: reopened!.txf, input: 0, resolution: 'waive', reason: 'for a day', expires: new Date(clock.now().getTime() + 86_400_000) });
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['waived']);
    clock.advance(2 * 86_400_000);
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['version-stale']);
  });

  it('accept-newer makes the edge fresh (not listed), and a later edit of the downstream keeps the accepted pin', async () => {
    const { kernel, advanceUpstream, save } = await derived();
    await advanceUpstream('Elena has grey eyes.');
    const [row] = await edges(kernel);
    await resolveAsPerson(kernel, { txf: row!.txf, input: 0, resolution: 'accept-newer' });
    expect(await edges(kernel)).toEqual([]);
    expect((await kernel.project()).map((e) => e.state)).toEqual(['fresh-ratified']);
    const chapter = kernel.storage.readText('scenes/chapter-3.md');
    await save('scenes/chapter-3.md', `${(await chapter) ?? ''}More.\n`);
    expect((await kernel.project()).map((e) => e.state)).toEqual(['fresh']);
  });

  it('diverged-multi-head when the upstream has two heads (two writers continued the same revision)', async () => {
    const { kernel } = await derived();
    const elena = kernel.objectAt('characters/elena.md')!;
    const head = kernel.currentRevision(elena)!;
    await kernel.append([
      kernel.entry('transformation', {
        inputs: [],
        outputs: [{ object: elena.id, revision: 'rev1:other-writer-head', content_hash: 'sha256:other', parents: [head.id] }],
        agent: { type: 'human' },
        intent: { kind: 'save', summary: 'another writer' },
        confidence: 'exact',
      }),
      kernel.entry('transformation', {
        inputs: [],
        outputs: [{ object: elena.id, revision: 'rev1:third-head', content_hash: 'sha256:third', parents: [head.id] }],
        agent: { type: 'human' },
        intent: { kind: 'save', summary: 'a third writer' },
        confidence: 'exact',
      }),
    ]);
    expect((await kernel.project()).map((e) => [e.state, e.selection])).toEqual([['diverged-multi-head', null]]);
  });

  it('unpinnable when the pinned upstream revision is unknown to the ledger', async () => {
    const { kernel } = await derived();
    const elena = kernel.objectAt('characters/elena.md')!;
    const chapter = kernel.objectAt('scenes/chapter-3.md')!;
    const head = kernel.currentRevision(chapter)!;
    await kernel.append([
      kernel.entry('transformation', {
        inputs: [{ object: elena.id, revision: 'rev1:never-seen', role: 'direct' }],
        outputs: [{ object: chapter.id, revision: head.id, content_hash: head.hash, parents: [...head.parents] }],
        agent: { type: 'model', id: 'mcp-client' },
        intent: { kind: 'declare', summary: 'pinned to a revision from a lost segment' },
        confidence: 'inferred',
      }),
    ]);
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['unpinnable']);
  });

  it('diverged and fresh-ahead come from a context that selects another upstream revision', async () => {
    const { kernel, storage, advanceUpstream } = await derived();
    const elena = kernel.objectAt('characters/elena.md')!;
    const [pinned] = [...elena.revisions.keys()];
    await advanceUpstream('Elena has grey eyes.');
    const sibling = 'rev1:sibling-of-the-pin';
    await kernel.append([
      kernel.entry('transformation', {
        inputs: [],
        outputs: [{ object: elena.id, revision: sibling, content_hash: 'sha256:sib', parents: [] }],
        agent: { type: 'external' },
        intent: { kind: 'observed-external', summary: 'an unrelated root' },
        confidence: 'unknown',
      }),
    ]);
    const manifest = (selection: string) => JSON.stringify({ format: 0, id: DEFAULT_CONTEXT_ID, name: 'default', parent: null, enforcement: 'greenhouse', selections: { [elena.id]: selection } });
    storage.put(`${CONTEXTS_DIR}/default.json`, manifest(sibling));
    expect((await kernel.project()).map((e) => e.state)).toEqual(['diverged']);
    // a context that selects an ancestor of the pin: the pin is ahead of the selection
    const second = await memoryKernel();
    const elenaText = (await second.save('e.md', 'one\n')).written;
    const base = [...second.kernel.objectAt('e.md')!.revisions.keys()][0] as string;
    await second.save('e.md', elenaText.replace('one', 'two'));
    await second.save('d.md', 'derived\n', ['e.md']);
    second.storage.put(`${CONTEXTS_DIR}/default.json`, JSON.stringify({ format: 0, id: DEFAULT_CONTEXT_ID, name: 'default', enforcement: 'greenhouse', selections: { [second.kernel.objectAt('e.md')!.id]: base } }));
    expect((await second.kernel.project()).map((e) => e.state)).toEqual(['fresh-ahead']);
    expect(await edges(second.kernel)).toEqual([]);
  });

  it('lists only the eight open states of the seed', () => {
    expect(OPEN_EDGE_STATES).toEqual(['version-stale', 'stale-valid', 'stale-contradicted', 'stale-unknown', 'waived', 'diverged', 'diverged-multi-head', 'unpinnable']);
  });

  it('a newer downstream revision derived from the new upstream retires the edge (revise)', async () => {
    const { kernel, advanceUpstream, save, storage } = await derived();
    await advanceUpstream('Elena has grey eyes.');
    expect(await edges(kernel)).toHaveLength(1);
    const chapter = (await storage.readText('scenes/chapter-3.md')) ?? '';
    await save('scenes/chapter-3.md', chapter.replace('green', 'grey'), ['characters/elena.md']);
    expect(await edges(kernel)).toEqual([]);
  });
});

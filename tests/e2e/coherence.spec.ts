// The coherence layer through the whole stack, for a native folder served by `vmark host`: the AI
// (MCP SDK client) reads and writes documents in the editor, the host captures the saves into the
// workspace's ledger (created at the first capture), and coherence / coherence_resolve answer from the host's kernel. Grants are
// made through the ledger API (the person's side) until the Coherence panel exists.
// One stack for the spec: the tests run in order on one workspace.

import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { CoherenceKernel, grantDelegation, uuidv7 } from '@vmark/shared/lib/coherence/index';
import { NodeCoherenceStorage } from '../../bridge/src/coherence/nodeStorage';
import { connectAi, textOf, type Ai } from './support/mcpClient';
import { useSourceMode } from './support/person';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: Stack;
let named: Ai;
let root = '';

interface EdgeRow {
  txf: string;
  input: number;
  upstream_path: string;
  downstream_path: string;
  pinned: string;
  state: string;
}

const ledgerEntries = (): { kind: string; body: Record<string, unknown> }[] => {
  const dir = path.join(root, '.vmark', 'ledger');
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => fs.readFileSync(path.join(dir, n), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; body: Record<string, unknown> });
};

/** The person's side of the ledger (a writer of its own), as the Coherence panel will use it. */
const personKernel = (now?: () => Date) => CoherenceKernel.open(new NodeCoherenceStorage(root), { writer: uuidv7(), ...(now ? { now } : {}) });

const edges = (ai: Ai) => ai.ok<EdgeRow[]>('coherence', { action: 'edges', workspace_root: root });

async function resolveText(ai: Ai, args: Record<string, unknown>): Promise<string> {
  const result = await ai.call('coherence_resolve', { action: 'resolve', workspace_root: root, ...args });
  expect(result.isError, textOf(result)).toBe(true);
  return textOf(result);
}

useSharedStack({ files: { 'elena.md': 'Elena has green eyes.\n', 'chapter.md': 'draft\n' } }, async (shared) => {
  stack = shared.stack;
  root = stack.workspace;
  named = await shared.connectNamedAi('cursor', 'some-editor');
});

test('COH-03 COH-EDGES-01 COH-EDGES-02 the AI reads A and writes B: B is captured as derived from A (fresh, so edges is []); an external edit of A makes it version-stale', async () => {
  const elena = await named.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(root, 'elena.md') });
  const a = await named.ok<{ revision: string }>('document', { action: 'read', tabId: elena.tabId });
  await named.ok('document', { action: 'write', tabId: elena.tabId, content: 'Elena has green eyes.\n', expected_revision: a.revision });
  await named.ok('document', { action: 'read', tabId: elena.tabId });
  const chapter = await named.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(root, 'chapter.md') });
  const b = await named.ok<{ revision: string }>('document', { action: 'read', tabId: chapter.tabId });
  const written = await named.ok<{ saved: boolean }>('document', { action: 'write', tabId: chapter.tabId, content: 'Her green eyes.\n', expected_revision: b.revision });
  expect(written.saved).toBe(true);

  // captured with no ledger set up beforehand, and the document is exactly what the AI wrote
  expect(fs.readFileSync(path.join(root, 'chapter.md'), 'utf8')).toBe('Her green eyes.\n');
  expect(fs.readFileSync(path.join(root, '.vmark', '.gitattributes'), 'utf8')).toContain('merge=union');
  const derived = ledgerEntries().filter((e) => e.kind === 'transformation').at(-1)!;
  expect(derived.body).toMatchObject({ agent: { type: 'model', id: 'cursor' }, confidence: 'inferred', inputs: [expect.objectContaining({ role: 'direct' })] });
  expect(await edges(named)).toEqual([]);

  const elenaFile = path.join(root, 'elena.md');
  fs.writeFileSync(elenaFile, fs.readFileSync(elenaFile, 'utf8').replace('green', 'grey'));
  expect(await edges(named)).toEqual([
    expect.objectContaining({ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale', input: 0, txf: expect.any(String), pinned: expect.stringMatching(/^rev1:/) }),
  ]);
});

test('COH-STATUS-01 COH-STATUS-02 COH-STATUS-03 COH-STATUS-04 COH-STATUS-05 COH-CLAIMS-01 COH-CTX-01 COH-CTX-02 status, claims and contexts answer from the host with the seed shapes', async () => {
  expect(await named.ok('coherence', { action: 'status', workspace_root: root })).toEqual({
    initialized: true,
    objects: 2,
    open_items: 1,
    quarantined: 0,
    writer: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
  });
  expect(await named.ok('coherence', { action: 'claims', workspace_root: root })).toEqual([]);
  expect(await named.ok('coherence', { action: 'contexts', workspace_root: root })).toEqual([
    expect.objectContaining({ name: 'default', parent: null, enforcement: expect.any(String), visibleClaims: [], errors: [] }),
  ]);
  // a served native folder without a ledger: not initialized, and nothing was created by asking
  const plain = path.join(stack.root, 'plain');
  fs.mkdirSync(plain);
  const roots = path.join(stack.root, 'state', 'native-roots.json');
  fs.writeFileSync(roots, JSON.stringify([...(JSON.parse(fs.readFileSync(roots, 'utf8')) as string[]), fs.realpathSync(plain)]));
  expect(await named.ok('coherence', { action: 'status', workspace_root: fs.realpathSync(plain) })).toMatchObject({ initialized: false, objects: 0, open_items: 0, quarantined: 0 });
  expect(fs.readdirSync(plain)).toEqual([]);
});

test('COH-08 CRS-RESOLVE-10 a workspace_root that is missing, relative, a file or no workspace is refused with a plain string that says what to pass', async () => {
  const refused = async (args: Record<string, unknown>) => {
    const result = await named.call('coherence', { action: 'status', ...args });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    return textOf(result);
  };
  expect(await refused({})).toMatch(/workspace_root/);
  expect(await refused({ workspace_root: 'book' })).toMatch(/`workspace_root` must be an absolute path; find it in session\.get_state/);
  expect(await refused({ workspace_root: path.join(root, 'chapter.md') })).toMatch(/is not a directory.*session\.get_state/);
  expect(await refused({ workspace_root: path.join(stack.root, 'no-such-folder') })).toMatch(/is not a directory of an open VMark workspace.*workspace\.open_workspace/);
  expect(await resolveText(named, { workspace_root: path.join(root, 'chapter.md'), txf: 't', input: 0, resolution: 'accept-newer' })).toMatch(/is not a directory/);
});

test('COH-05 COH-07 COH-EDGES-03 CRS-RESOLVE-09 tools/list as the SDK client reads it: coherence is read-only with the four reads, coherence_resolve destructive with the seed\'s arguments, and edges names the eight states', async () => {
  const { tools } = await named.client.listTools();
  const coherence = tools.find((t) => t.name === 'coherence')!;
  const resolveTool = tools.find((t) => t.name === 'coherence_resolve')!;
  expect(coherence.annotations).toMatchObject({ readOnlyHint: true });
  expect(resolveTool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  expect(coherence.inputSchema.properties).toEqual({
    action: { type: 'string', enum: ['status', 'edges', 'claims', 'contexts'] },
    workspace_root: expect.objectContaining({ type: 'string', description: expect.stringMatching(/absolute path/i) }),
  });
  const resolveArgs = resolveTool.inputSchema.properties as Record<string, Record<string, unknown>>;
  expect(Object.keys(resolveArgs)).toEqual(['action', 'workspace_root', 'txf', 'input', 'resolution', 'reason']);
  expect(resolveArgs.action).toEqual({ type: 'string', enum: ['resolve'] });
  expect(resolveArgs.input).toMatchObject({ type: 'integer', minimum: 0 });
  expect(resolveArgs.resolution).toMatchObject({ type: 'string', enum: ['accept-newer', 'waive'] });
  expect(resolveArgs.reason).toMatchObject({ type: 'string', description: expect.stringContaining('required for waive') });
  const states = ['version-stale', 'stale-valid', 'stale-contradicted', 'stale-unknown', 'waived', 'diverged', 'diverged-multi-head', 'unpinnable'];
  for (const state of states) expect(coherence.description).toContain(state);
  expect(coherence.description).toContain('TIMEOUT');
});

test('COH-STATUS-05 COH-EDGES-02 COH-EDGES-03 COH-CLAIMS-01 COH-CTX-01 COH-CTX-02 each answer has exactly the seed\'s fields with the seed\'s types: status is an object (also structuredContent), edges, claims and contexts JSON arrays', async () => {
  const status = await named.call('coherence', { action: 'status', workspace_root: root });
  expect(status.isError).toBeFalsy();
  expect(status.structuredContent).toEqual(JSON.parse(textOf(status)));
  expect(Object.keys(status.structuredContent!).sort()).toEqual(['initialized', 'objects', 'open_items', 'quarantined', 'writer']);

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const edgesResult = await named.call('coherence', { action: 'edges', workspace_root: root });
  const rows = JSON.parse(textOf(edgesResult)) as Record<string, unknown>[];
  expect(rows).toHaveLength(1);
  expect(Object.keys(rows[0]!).sort()).toEqual(['downstream', 'downstream_path', 'downstream_rev', 'input', 'pinned', 'state', 'txf', 'upstream', 'upstream_path'].sort());
  expect(rows[0]).toEqual({
    txf: expect.stringMatching(uuid),
    input: 0,
    upstream: expect.stringMatching(uuid),
    upstream_path: 'elena.md',
    pinned: expect.stringMatching(/^rev1:/),
    downstream: expect.stringMatching(uuid),
    downstream_path: 'chapter.md',
    downstream_rev: expect.stringMatching(/^rev1:/),
    state: 'version-stale',
  });

  // a claim the person established (the canon is theirs: written through the ledger, never over MCP)
  const person = await personKernel();
  await person.append([person.entry('claim', { claim: 'c-eyes', statement: 'Elena has grey eyes', invalid_at: null, supersedes: null, maturity: 'established' })]);
  const claimRows = await named.ok<Record<string, unknown>[]>('coherence', { action: 'claims', workspace_root: root });
  expect(claimRows).toEqual([{ claim: 'c-eyes', entryId: expect.stringMatching(uuid), statement: 'Elena has grey eyes', maturity: 'established', invalidAt: null, visible: false }]);
  expect(await named.ok('coherence', { action: 'contexts', workspace_root: root })).toEqual([
    { id: '00000000-0000-0000-0000-000000000000', name: 'default', parent: null, enforcement: 'greenhouse', visibleClaims: [], errors: [] },
  ]);
});

test('COH-07 COH-08 CRS-RESOLVE-10 a missing workspace_root is a plain string error on every action of both tools, saying where to find it', async () => {
  const calls: [string, Record<string, unknown>][] = [
    ...['status', 'edges', 'claims', 'contexts'].map((action): [string, Record<string, unknown>] => ['coherence', { action }]),
    ['coherence_resolve', { action: 'resolve', txf: 't', input: 0, resolution: 'accept-newer' }],
  ];
  for (const [tool, args] of calls) {
    const result = await named.call(tool, args);
    expect(result.isError, `${tool}.${String(args.action)}`).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/`workspace_root` is required: the absolute path of the workspace to query; find it in session\.get_state .* or the workspace tool/);
  }
});

test('COH-EDGES-04 CRS-RESOLVE-02 CRS-RESOLVE-07 CRS-RESOLVE-08 resolve is refused for an anonymous client, a forged clientInfo name, an unrecognised credential, no grant, an expired grant and the wrong scope; each says what to do next', async () => {
  const [edge] = await edges(named);
  const waive = { txf: edge!.txf, input: edge!.input, resolution: 'waive', reason: 'eye colour is not in the scene' };
  // the clientInfo name says "cursor", but no credential: anonymous
  const forged = await connectAi(stack.env, [], 'cursor');
  const unrecognised = await connectAi({ ...stack.env, VMARK_MCP_TOKEN: 'f'.repeat(64) }, [], 'cursor');
  try {
    expect(await resolveText(forged, waive)).toMatch(/presents no client credential.*`vmark connect <client>`.*ask the user to grant/);
    expect(await resolveText(unrecognised, waive)).toMatch(/not one VMark issued.*Re-run `vmark connect <client>`/);
  } finally {
    await forged.close();
    await unrecognised.close();
  }
  expect(await resolveText(named, waive)).toMatch(/cursor holds no delegation in this workspace; ask the user to grant/);

  // granted ten days ago for a day: expired now
  const tenDaysAgo = Date.now() - 10 * 86_400_000;
  const past = await personKernel(() => new Date(tenDaysAgo));
  await grantDelegation(past, { delegate: 'cursor', scope: ['resolve.waive', 'resolve.accept-newer'], expires: new Date(tenDaysAgo + 86_400_000) });
  expect(await resolveText(named, waive)).toMatch(/The delegation to cursor expired at .*; ask the user to grant/);

  await grantDelegation(await personKernel(), { delegate: 'cursor', scope: ['resolve.accept-newer'] });
  expect(await resolveText(named, waive)).toMatch(/covers resolve\.accept-newer, not resolve\.waive; ask the user to grant/);
  expect(ledgerEntries().filter((e) => e.kind === 'waiver' || e.kind === 'ratification')).toEqual([]);
  expect(await edges(named)).toEqual([expect.objectContaining({ state: 'version-stale' })]);
});

test('CRS-RESOLVE-01 CRS-RESOLVE-04 CRS-RESOLVE-05 CRS-RESOLVE-06 a named client holding a current grant waives the edge: audited with its grant, no expiry, and the edge shows waived', async () => {
  const grant = await grantDelegation(await personKernel(), { delegate: 'cursor', scope: ['resolve.waive'] });
  const [edge] = await edges(named);
  const done = await named.ok<{ resolution: string; delegation: string; entry: string }>('coherence_resolve', {
    action: 'resolve',
    workspace_root: root,
    txf: edge!.txf,
    input: edge!.input,
    resolution: 'waive',
    reason: 'eye colour is not in the scene',
  });
  expect(done).toMatchObject({ resolution: 'waive', delegation: grant.body.delegation });
  const [waiver] = ledgerEntries().filter((e) => e.kind === 'waiver');
  expect(waiver!.body).toMatchObject({ actor: { type: 'external', id: 'cursor' }, delegation: grant.body.delegation, reason: 'eye colour is not in the scene' });
  expect(waiver!.body.expires).toBeUndefined();
  expect(await edges(named)).toEqual([expect.objectContaining({ state: 'waived', txf: edge!.txf })]);
});

test('CRS-RESOLVE-03 with a grant, a resolve of an edge that is not active (or never was) is a plain string error that says to read edges again, and records nothing', async () => {
  const before = ledgerEntries().length;
  const notActive = await named.call('coherence_resolve', { action: 'resolve', workspace_root: root, txf: uuidv7(), input: 0, resolution: 'waive', reason: 'no such edge' });
  expect(notActive.isError).toBe(true);
  expect(notActive.structuredContent).toBeUndefined();
  expect(textOf(notActive)).toMatch(/is not an active edge .*read coherence\.edges again$/);
  expect(ledgerEntries()).toHaveLength(before);
});

test('CRS-RESOLVE-03 resolve is refused on a multi-head edge, even with a grant', async () => {
  const person = await personKernel();
  const elena = person.objectAt('elena.md')!;
  const head = person.currentRevision(elena)!;
  const otherHead = (name: string) =>
    person.entry('transformation', {
      inputs: [],
      outputs: [{ object: elena.id, revision: `rev1:${name}`, content_hash: `sha256:${name}`, parents: [head.id] }],
      agent: { type: 'human' },
      intent: { kind: 'save', summary: 'another clone continued the same revision' },
      confidence: 'exact',
    });
  await person.append([otherHead('other-clone'), otherHead('third-clone')]);
  const [edge] = await edges(named);
  expect(edge).toMatchObject({ state: 'diverged-multi-head' });
  await grantDelegation(person, { delegate: 'cursor', scope: ['resolve.accept-newer'] });
  expect(await resolveText(named, { txf: edge!.txf, input: edge!.input, resolution: 'accept-newer' })).toMatch(/its upstream elena\.md has several heads.*the person must merge them/);
  expect(ledgerEntries().filter((e) => e.kind === 'ratification')).toEqual([]);
});

test('COH-EDGES-01 the scan behind edges finds a move and a delete made outside VMark', async () => {
  fs.mkdirSync(path.join(root, 'scenes'));
  fs.renameSync(path.join(root, 'chapter.md'), path.join(root, 'scenes', 'chapter-3.md'));
  expect(await edges(named)).toEqual([expect.objectContaining({ upstream_path: 'elena.md', downstream_path: 'scenes/chapter-3.md' })]);
  fs.rmSync(path.join(root, 'scenes', 'chapter-3.md'));
  expect(await edges(named)).toEqual([]);
  expect(ledgerEntries().some((e) => e.kind === 'object-registered' && (e.body as { path?: string }).path === 'scenes/chapter-3.md')).toBe(true);
});

test("the person's save (Ctrl+S) is captured as human and exact, and the file holds exactly what the person wrote", async () => {
  const file = path.join(root, 'notes.md');
  fs.writeFileSync(file, 'draft\n');
  const { tabId } = await named.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await named.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type('more');
  await stack.page.keyboard.press('Control+s');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe('draft\nmore');
  const saved = ledgerEntries().filter((e) => e.kind === 'transformation').at(-1)!;
  expect(saved.body).toMatchObject({ agent: { type: 'human' }, confidence: 'exact', inputs: [] });
  expect(await named.ok('coherence', { action: 'status', workspace_root: root })).toMatchObject({ objects: 2 });
});

// What the scan behind coherence.edges finds in a native folder that is a real git repository:
// a copy made outside VMark (a duplicate: diagnosed, never taken for the original), and a git
// checkout (navigation, not an edit) versus a commit on the same branch (a git revision), and a
// source moved and edited outside VMark (kept as the same document, like git rename detection).
// The AI (MCP SDK client) derives chapter.md from elena.md through the tools; the host captures
// every save with no setup (the ledger is created at the first capture) and never changes a file
// for it. One stack for the spec: the tests run in order on one workspace.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CoherenceKernel, contentHash, edges as edgesOf, uuidv7 } from '@vmark/shared/lib/coherence/index';
import { NodeCoherenceStorage } from '../../bridge/src/coherence/nodeStorage';
import { connectAi, type Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: Stack;
let ai: Ai;
let root = '';

type Entry = { kind: string; body: Record<string, unknown> };
type EdgeRow = { upstream_path: string; downstream_path: string; state: string };
type Status = { objects: number };

const disk = (name: string) => fs.readFileSync(path.join(root, name), 'utf8');
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'init.defaultBranch=main', ...args], { cwd: root, encoding: 'utf8' });
const edges = () => ai.ok<EdgeRow[]>('coherence', { action: 'edges', workspace_root: root });
const status = () => ai.ok<Status>('coherence', { action: 'status', workspace_root: root });
const ledgerEntries = (): Entry[] => {
  const dir = path.join(root, '.vmark', 'ledger');
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => fs.readFileSync(path.join(dir, n), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Entry);
};
const outputObject = (e: Entry) => (e.body.outputs as { object: string }[])[0]!.object;
const transformationsOf = (object: string) => ledgerEntries().filter((e) => e.kind === 'transformation' && outputObject(e) === object);

async function write(name: string, content: string): Promise<void> {
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(root, name) });
  const read = await ai.ok<{ revision: string }>('document', { action: 'read', tabId });
  expect(await ai.ok<{ saved: boolean }>('document', { action: 'write', tabId, content, expected_revision: read.revision })).toMatchObject({ saved: true });
}

useSharedStack({ files: { 'elena.md': 'Elena has green eyes.\n', 'chapter.md': 'draft\n' } }, async (shared) => {
  stack = shared.stack;
  root = stack.workspace;
  git('init', '-q');
  ai = await shared.connectAi();
});

test('COH-03 COH-EDGES-01 the AI derives chapter.md from elena.md (never saved through VMark, adopted as it is); a copy of chapter.md made outside VMark: edges finds it, one DUPLICATE_IDENTITY diagnostic, the copy is not taken for the original; edited, it becomes a document of its own', async () => {
  // elena.md was never saved through VMark: the derivation adopts it as it is on disk
  const elena = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(root, 'elena.md') });
  await ai.ok('document', { action: 'read', tabId: elena.tabId });
  await write('chapter.md', 'Her green eyes.\n');
  expect(disk('chapter.md')).toBe('Her green eyes.\n');
  expect(disk('elena.md')).toBe('Elena has green eyes.\n');
  expect(await edges()).toEqual([]);
  expect(await status()).toMatchObject({ objects: 2 });
  const chapter = ledgerEntries().find((e) => e.kind === 'object-registered' && e.body.path === 'chapter.md')!.body.object as string;

  fs.copyFileSync(path.join(root, 'chapter.md'), path.join(root, 'chapter-copy.md'));
  expect(await edges()).toEqual([]);
  expect(await edges()).toEqual([]);
  const duplicates = ledgerEntries().filter((e) => e.kind === 'diagnostic' && e.body.code === 'DUPLICATE_IDENTITY');
  expect(duplicates).toEqual([expect.objectContaining({ body: expect.objectContaining({ object: chapter, paths: ['chapter-copy.md', 'chapter.md'], message: expect.stringMatching(/same text as chapter\.md/) }) })]);
  expect(await status()).toMatchObject({ objects: 2 });
  expect(ledgerEntries().some((e) => e.kind === 'object-registered' && e.body.path === 'chapter-copy.md')).toBe(false);

  await write('chapter-copy.md', 'Her green eyes, in another scene.\n');
  expect(disk('chapter-copy.md')).toBe('Her green eyes, in another scene.\n');
  const copy = ledgerEntries().find((e) => e.kind === 'object-registered' && e.body.path === 'chapter-copy.md')?.body.object;
  expect(copy).toEqual(expect.any(String));
  expect(copy).not.toBe(chapter);
  expect(await status()).toMatchObject({ objects: 3 });
});

test('COH-EDGES-01 a git checkout of another branch is navigation, not an edit: no new revision, no stale edge; a commit on the same branch that changes the source makes the edge version-stale', async () => {
  fs.rmSync(path.join(root, 'chapter-copy.md'));
  expect(await edges()).toEqual([]);
  git('add', '-A');
  git('commit', '-qm', 'chapter derived from elena');
  expect(git('ls-files')).toContain('.vmark/ledger/');
  expect(git('ls-files')).not.toContain('.vmark/cache');
  expect(await edges()).toEqual([]);
  const elena = ledgerEntries().find((e) => e.kind === 'object-registered' && e.body.path === 'elena.md')!.body.object as string;
  const revisions = transformationsOf(elena).length;

  git('checkout', '-qb', 'draft');
  fs.writeFileSync(path.join(root, 'elena.md'), 'Elena has violet eyes.\n');
  git('commit', '-qam', 'violet on draft');
  expect(await edges()).toEqual([]);
  git('checkout', '-q', 'main');
  expect(await edges()).toEqual([]);
  expect(disk('elena.md')).toBe('Elena has green eyes.\n');
  expect(transformationsOf(elena)).toHaveLength(revisions);
  expect(ledgerEntries().filter((e) => e.kind === 'navigation').map((e) => e.body)).toEqual([
    expect.objectContaining({ op: 'branch-switch', ref: 'refs/heads/draft' }),
    expect.objectContaining({ op: 'branch-switch', ref: 'refs/heads/main' }),
  ]);

  fs.writeFileSync(path.join(root, 'elena.md'), 'Elena has grey eyes.\n');
  git('commit', '-qam', 'grey on main');
  expect(await edges()).toEqual([expect.objectContaining({ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale' })]);
  expect(transformationsOf(elena).at(-1)?.body).toMatchObject({ agent: { type: 'git' }, confidence: 'exact' });
});

test('COH-EDGES-01 a source moved and edited outside VMark (host scan, like git rename detection): the same document at its new path, the edit one new revision, its derived document still pointing at it', async () => {
  const elena = ledgerEntries().find((e) => e.kind === 'object-registered' && e.body.path === 'elena.md')!.body.object as string;
  const revisions = transformationsOf(elena).length;
  fs.mkdirSync(path.join(root, 'people'));
  fs.writeFileSync(path.join(root, 'people', 'elena.md'), `${disk('elena.md')}She is tall.\n`);
  fs.rmSync(path.join(root, 'elena.md'));
  const rows = await edges();
  expect(rows).toEqual([expect.objectContaining({ upstream_path: 'people/elena.md', downstream_path: 'chapter.md', state: 'version-stale' })]);
  expect(ledgerEntries().filter((e) => e.kind === 'object-registered' && e.body.path === 'people/elena.md').map((e) => e.body.object)).toEqual([elena]);
  expect(transformationsOf(elena)).toHaveLength(revisions + 1);
  expect(transformationsOf(elena).at(-1)?.body).toMatchObject({ agent: { type: 'external' }, intent: { summary: 'elena.md moved to people/elena.md and edited outside VMark' } });
});

test('COH-03 COH-EDGES-01 an outside edit that the host and a second writer on the same folder (another installation, another process) both scan is recorded once, whichever scans first', async () => {
  fs.writeFileSync(path.join(root, 'notes.md'), 'draft\n');
  await write('notes.md', 'Notes, first draft.\n');
  const notes = ledgerEntries().find((e) => e.kind === 'object-registered' && e.body.path === 'notes.md')!.body.object as string;
  const recordings = (text: string) => transformationsOf(notes).filter((e) => (e.body.outputs as { content_hash: string }[])[0]!.content_hash === contentHash(text).hash);
  const storage = new NodeCoherenceStorage(root);
  try {
    const other = await CoherenceKernel.open(storage, { writer: uuidv7() });
    await edges();
    await edgesOf(other);

    fs.writeFileSync(path.join(root, 'notes.md'), 'Notes, edited outside.\n');
    await edges(); // the host first
    await edgesOf(other);
    expect(recordings('Notes, edited outside.\n')).toHaveLength(1);

    fs.writeFileSync(path.join(root, 'notes.md'), 'Notes, edited outside again.\n');
    await edgesOf(other); // the other writer first
    await edges();
    await edges();
    await edgesOf(other);
    expect(recordings('Notes, edited outside.\n')).toHaveLength(1);
    expect(recordings('Notes, edited outside again.\n')).toHaveLength(1);
  } finally {
    storage.close();
  }
});

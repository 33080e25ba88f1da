// The coherence index's snapshot in `.vmark/cache/index.json` (issue 14, the rebuild goal), for a
// native folder served by `vmark host`: a workspace whose ledger (4,000 entries, about 2 MB in two
// other writers' segments) was written before. The host's kernel replays it once and writes the
// snapshot; a second kernel (the person's, in this process, as the panel's) opens from it plus the
// tail the AI's save appended and answers what the host answers; a segment rewritten under the
// snapshot (its lines reordered, as a union merge or a checkout does) makes the next open replay;
// during a long session the host rewrites the snapshot after answering once the ledger has grown enough.
// One stack for the spec: the tests run in order on one workspace.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CoherenceKernel, contentHash, edges, INDEX_SNAPSHOT_PATH, insertIdentity, revisionId, uuidv7 } from '@vmark/shared/lib/coherence/index';
import { NodeCoherenceStorage } from '../../bridge/src/coherence/nodeStorage';
import { connectAi, type Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const DOCUMENTS = 400;
const REVISIONS = 9;
const WRITERS = [uuidv7(), uuidv7()];

let stack: Stack;
let ai: Ai;
let root = '';

type EdgeRow = { txf: string; input: number; upstream_path: string; downstream_path: string; pinned: string; state: string };

const text = (k: number, r: number) => `# Document ${k}\n\nRevision ${r}. ${'Some words of the document. '.repeat(6)}\n`;

/**
 * Documents with histories of REVISIONS revisions; every second one derived from the one before at
 * its last revision (every tenth of those pinned to an older upstream revision, so stale). The files
 * hold the head revisions.
 */
function workspaceFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const segments: string[][] = WRITERS.map(() => []);
  const heads: string[] = [];
  const firsts: string[] = [];
  const ids: string[] = [];
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const line = (k: number, kind: string, body: unknown) => {
    clock += 5;
    const writer = k % WRITERS.length;
    (segments[writer] as string[]).push(JSON.stringify({ format: 0, id: uuidv7(clock), kind, time: new Date(clock).toISOString(), writer: WRITERS[writer], idem: uuidv7(clock), body }));
  };
  for (let k = 0; k < DOCUMENTS; k++) {
    const id = uuidv7();
    const rel = `part-${k % 10}/doc-${String(k).padStart(4, '0')}.md`;
    ids.push(id);
    line(k, 'object-registered', { object: id, path: rel });
    let parent: string | null = null;
    for (let r = 0; r < REVISIONS; r++) {
      const hash = contentHash(text(k, r)).hash;
      const rev = revisionId(hash, parent ? [parent] : []);
      if (r === 0) firsts.push(rev);
      const derived = k % 2 === 1 && r === REVISIONS - 1;
      const inputs = derived ? [{ object: ids[k - 1], revision: k % 20 === 1 ? firsts[k - 1] : heads[k - 1], role: 'direct' }] : [];
      line(k, 'transformation', {
        inputs,
        outputs: [{ object: id, revision: rev, content_hash: hash, parents: parent ? [parent] : [] }],
        agent: { type: 'human' },
        intent: { kind: 'save', summary: '' },
        confidence: 'exact',
      });
      parent = rev;
    }
    heads.push(parent as string);
    files[rel] = insertIdentity(text(k, REVISIONS - 1), id);
  }
  files['.vmark/.gitattributes'] = 'ledger/*.jsonl merge=union\n';
  files['.vmark/.gitignore'] = 'cache/\n';
  WRITERS.forEach((writer, w) => (files[`.vmark/ledger/${writer}.jsonl`] = `${(segments[w] as string[]).join('\n')}\n`));
  return files;
}

const snapshotFile = () => path.join(root, INDEX_SNAPSHOT_PATH);
const hostEdges = () => ai.ok<EdgeRow[]>('coherence', { action: 'edges', workspace_root: root });
const sorted = (rows: EdgeRow[]) => rows.map(({ txf, input, upstream_path, downstream_path, pinned, state }) => ({ txf, input, upstream_path, downstream_path, pinned, state })).sort((a, b) => (a.txf + a.input < b.txf + b.input ? -1 : 1));
/** The person's kernel: a fresh open, as a new window's panel does. */
const personKernel = () => CoherenceKernel.open(new NodeCoherenceStorage(root), { writer: uuidv7() });

useSharedStack({ files: workspaceFiles() }, async (shared) => {
  stack = shared.stack;
  root = stack.workspace;
  ai = await shared.connectAi();
});

test('issue 14: the host replays the 2 MB ledger once and writes the snapshot; a fresh kernel opens from it and answers the same edges', async () => {
  expect(fs.existsSync(snapshotFile())).toBe(false);
  const answer = await hostEdges();
  expect(answer.filter((row) => row.state === 'version-stale')).toHaveLength(DOCUMENTS / 20);
  expect(fs.statSync(snapshotFile()).size).toBeGreaterThan(100_000);

  const person = await personKernel();
  expect(person.opened).toEqual({ from: 'snapshot', replayedBytes: 0, snapshotWritten: false });
  expect(person.index.entryCount).toBe(DOCUMENTS * (REVISIONS + 1));
  expect(sorted(await edges(person))).toEqual(sorted(answer));
});

test('issue 14: the AI saves an upstream document: the next fresh kernel replays only that tail over the snapshot and sees the new stale edge the host reports', async () => {
  const before = fs.statSync(snapshotFile()).mtimeMs;
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(root, 'part-2/doc-0002.md') });
  const read = await ai.ok<{ revision: string }>('document', { action: 'read', tabId });
  expect(await ai.ok<{ saved: boolean }>('document', { action: 'write', tabId, content: 'Rewritten by the AI.\n', expected_revision: read.revision })).toMatchObject({ saved: true });
  const answer = await hostEdges();
  expect(answer).toContainEqual(expect.objectContaining({ upstream_path: 'part-2/doc-0002.md', downstream_path: 'part-3/doc-0003.md', state: 'version-stale' }));

  const person = await personKernel();
  expect(person.opened.from).toBe('snapshot');
  expect(person.opened.replayedBytes).toBeGreaterThan(0);
  expect(person.opened.replayedBytes).toBeLessThan(10_000);
  expect(sorted(await edges(person))).toEqual(sorted(await hostEdges()));
  // a short tail is not worth a new snapshot
  expect(fs.statSync(snapshotFile()).mtimeMs).toBe(before);
});

test('issue 14: a segment rewritten under the snapshot (its lines reordered, as a union merge does) is not trusted: the next kernel replays the ledger, answers the same and writes a new snapshot', async () => {
  const segment = path.join(root, '.vmark', 'ledger', `${WRITERS[0]}.jsonl`);
  const lines = fs.readFileSync(segment, 'utf8').trimEnd().split('\n');
  fs.writeFileSync(segment, `${[...lines.slice(1), lines[0]].join('\n')}\n`);
  const before = fs.readFileSync(snapshotFile());

  const person = await personKernel();
  // the kernel's own lines, reordered: replayed in the snapshot's columns, without JSON.parse
  expect(person.opened).toMatchObject({ from: 'replay', snapshotWritten: true, replayedAs: 'columns' });
  expect(fs.readFileSync(snapshotFile()).equals(before)).toBe(false);
  expect(sorted(await edges(person))).toEqual(sorted(await hostEdges()));
  expect((await personKernel()).opened.from).toBe('snapshot');
});

type WorkerApi = {
  open(handle: FileSystemDirectoryHandle, root: string, writer: string): Promise<void>;
  opened(): Promise<{ from: string; replayedBytes: number; snapshotWritten: boolean }>;
  edges(): Promise<{ ok: boolean; message?: string; data?: EdgeRow[] }>;
};
type DebugWindow = Window & { vmarkDebug: { startCoherenceWorker(name: string): { worker: Worker; api: WorkerApi } } };

test('issue 14: the editor\'s coherence worker over OPFS writes the snapshot on its first open, the next worker opens from it with the same edges, a rewritten segment is replayed', async () => {
  // the native workspace as the tests above left it (documents and ledger, not the host's cache), copied into OPFS
  const files: Record<string, string> = {};
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (rel.startsWith('.git/') || rel.startsWith('.vmark/cache') || !fs.statSync(path.join(root, rel)).isFile()) continue;
    files[rel] = fs.readFileSync(path.join(root, rel), 'utf8');
  }
  const segment = `.vmark/ledger/${WRITERS[1]}.jsonl`;
  const opens = await stack.page.evaluate(
    async ({ files: all, segment: rewritten }) => {
      const top = await (await navigator.storage.getDirectory()).getDirectoryHandle('snapshot-e2e', { create: true });
      const put = async (rel: string, text: string) => {
        const parts = rel.split('/');
        let dir = top;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1) as string, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      };
      for (const [rel, text] of Object.entries(all)) await put(rel, text);
      const openWorker = async () => {
        const { worker, api } = (window as unknown as DebugWindow).vmarkDebug.startCoherenceWorker('coherence snapshot e2e');
        await api.open(top, '/snapshot-e2e', '0198c0de-0000-7000-8000-0000000000e2');
        const opened = await api.opened();
        const edges = await api.edges();
        worker.terminate();
        return { opened, edges };
      };
      const first = await openWorker();
      const second = await openWorker();
      const lines = (all[rewritten] as string).trimEnd().split('\n');
      await put(rewritten, `${[...lines.slice(1), lines[0]].join('\n')}\n`);
      const third = await openWorker();
      return [first, second, third];
    },
    { files, segment },
  );
  const [first, second, third] = opens as [(typeof opens)[number], (typeof opens)[number], (typeof opens)[number]];
  expect(first.opened).toMatchObject({ from: 'replay', snapshotWritten: true, replayedAs: 'columns' });
  expect(second.opened).toEqual({ from: 'snapshot', replayedBytes: 0, snapshotWritten: false });
  expect(third.opened).toMatchObject({ from: 'replay', snapshotWritten: true, replayedAs: 'columns' });
  for (const answer of [first, second, third]) expect(answer.edges.ok, answer.edges.message).toBe(true);
  // the generated stale edges, and the one the AI's save above made
  expect(first.edges.data?.filter((row) => row.state === 'version-stale')).toHaveLength(DOCUMENTS / 20 + 1);
  expect(sorted(second.edges.data ?? [])).toEqual(sorted(first.edges.data ?? []));
  expect(sorted(third.edges.data ?? [])).toEqual(sorted(first.edges.data ?? []));
});

test('issue 14: a long session: 1.3 MB of another writer\'s entries arrive (a pull); the host, after answering, writes a new snapshot, so the next fresh kernel replays no tail', async () => {
  const before = fs.statSync(snapshotFile()).mtimeMs;
  const writer = uuidv7();
  let clock = Date.parse('2026-11-20T00:00:00Z');
  const notes = Array.from({ length: 2_500 }, (_, n) => {
    clock += 5;
    const body = { code: 'NOTE', message: `note ${n}: ${'a remark of another writer. '.repeat(16)}` };
    return JSON.stringify({ format: 0, id: uuidv7(clock), kind: 'diagnostic', time: new Date(clock).toISOString(), writer, idem: uuidv7(clock), body });
  });
  fs.writeFileSync(path.join(root, '.vmark', 'ledger', `${writer}.jsonl`), `${notes.join('\n')}\n`);

  const status = await ai.ok<{ objects: number }>('coherence', { action: 'status', workspace_root: root });
  expect(status.objects).toBe(DOCUMENTS);
  await expect.poll(() => fs.statSync(snapshotFile()).mtimeMs, { timeout: 60_000 }).not.toBe(before);

  const person = await personKernel();
  expect(person.opened).toEqual({ from: 'snapshot', replayedBytes: 0, snapshotWritten: false });
  expect(person.index.diagnostics.filter((d) => d.writer === writer)).toHaveLength(notes.length);
  expect(sorted(await edges(person))).toEqual(sorted(await hostEdges()));
});

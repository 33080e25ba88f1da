// The editor's coherence worker over OPFS, driven directly (vmarkDebug.startCoherenceWorker): its watch
// of the folder (FileSystemObserver), two windows' workers appending to one ledger segment and
// recording an outside edit both see once, and the snapshot texts of a worker ended right after
// answering (its write-behind journal).

import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { writeOpfsFiles } from './support/pickedFolder';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

// one stack; each test works in its own OPFS folder
let stack: Stack;
let page: Page;

useSharedStack({ nativeWorkspace: false }, (shared) => {
  stack = shared.stack;
  page = stack.page;
});

type WorkerApi = {
  open(handle: FileSystemDirectoryHandle, root: string, writer: string): Promise<void>;
  edges(): Promise<{ ok: boolean; message?: string; data?: { txf: string; input: number; upstream_path: string; downstream_path: string; state: string }[] }>;
  examined(): Promise<number>;
  capture(request: { path: string; content: string; inputs?: string[]; agent: { type: 'human' }; intent: { kind: string; summary: string }; confidence: 'exact' }): Promise<{ recorded: boolean }>;
  diff(txf: string, input: number): Promise<{ ok: boolean; message?: string; data?: { upstream_path: string; pinned: string | null; current: string | null } }>;
  faults(coherence: { scanDelayMs: number; holdWriteBehind: boolean }): Promise<void>;
};
type ProbeWindow = Window & {
  vmarkDebug: { startCoherenceWorker(name: string): { worker: Worker; api: WorkerApi } };
  probes?: { worker: Worker; api: WorkerApi }[];
};

/** Starts one coherence worker per name on the OPFS folder `folder`, all with the same writer id. */
async function startWorkers(folder: string, writer: string, names: string[]): Promise<void> {
  await page.evaluate(
    async ({ folder, writer, names }) => {
      const w = window as unknown as ProbeWindow;
      const handle = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      w.probes = names.map((name) => w.vmarkDebug.startCoherenceWorker(name));
      for (const { api } of w.probes) await api.open(handle, `/${folder}`, writer);
    },
    { folder, writer, names },
  );
}

/** Worker `which` answers `edges`; then how many files its scan examined. */
const examinedAfterEdges = (which = 0) =>
  page.evaluate(async (i) => {
    const { api } = (window as unknown as ProbeWindow).probes![i]!;
    const answer = await api.edges();
    if (!answer.ok) throw new Error(answer.message);
    return api.examined();
  }, which);

const stopWorkers = () => page.evaluate(() => (window as unknown as ProbeWindow).probes?.forEach((w) => w.worker.terminate()));

test('COH-EDGES-01 the worker watches its folder (FileSystemObserver): after an outside edit or a new document the scan examines that one file', async () => {
  const files: Record<string, string> = { '.vmark/.gitattributes': '* merge=union\n' };
  for (let i = 0; i < 30; i++) files[`notes/n${i}.md`] = `Note ${i}.\n`;
  await writeOpfsFiles(page, 'watched', files);
  await startWorkers('watched', '0192f0c4-0000-7000-8000-00000000beef', ['coherence watch probe']);
  try {
    expect(await examinedAfterEdges()).toBe(30); // the first scan looks at every document
    expect(await examinedAfterEdges()).toBe(0); // nothing reported since
    // an outside change the way it reaches OPFS: a page-side createWritable
    await writeOpfsFiles(page, 'watched', { 'notes/n7.md': 'Note 7, edited outside.\n' });
    expect(await examinedAfterEdges()).toBe(1);
    await writeOpfsFiles(page, 'watched', { 'notes/new.md': 'A new note.\n' });
    expect(await examinedAfterEdges()).toBe(1);
  } finally {
    await stopWorkers();
  }
});

test('COH-EDGES-01 two windows\' workers with the same writer id on one workspace append to one segment through kept sync access handles: each reads the other\'s lines, none is lost, glued or doubled', async () => {
  const id = (n: number) => `0198c0de-0000-7000-8000-0000000000${n}`;
  const doc = (n: number, text: string) => `---\nvmark:\n  id: ${id(n)}\n---\n${text}\n`;
  await writeOpfsFiles(page, 'shared-writer', { '.vmark/.gitattributes': 'ledger/*.jsonl merge=union\n', 'a.md': doc(41, 'A.'), 'b.md': doc(42, 'B.') });
  const segment = async () =>
    (
      await page.evaluate(async () => {
        const ledger = await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle('shared-writer')).getDirectoryHandle('.vmark')).getDirectoryHandle('ledger');
        return (await (await ledger.getFileHandle('0192f0c4-0000-7000-8000-00000000cafe.jsonl')).getFile()).text();
      })
    )
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { idem: string; kind: string; body: { intent?: { kind: string }; outputs?: { object: string; content_hash: string }[] } });
  await startWorkers('shared-writer', '0192f0c4-0000-7000-8000-00000000cafe', ['coherence window 1', 'coherence window 2']);
  try {
    await examinedAfterEdges(0); // adopts both documents
    await examinedAfterEdges(1);
    // outside edits, each found by one window, alternately, while the other's segment handle is still open;
    // a scan after the index took another writer's lines looks at every document (2), one after only
    // its own looks at what its watch reported (1): so each window read the lines the other appended
    await writeOpfsFiles(page, 'shared-writer', { 'a.md': doc(41, 'A, edited once.') });
    await examinedAfterEdges(1);
    await writeOpfsFiles(page, 'shared-writer', { 'b.md': doc(42, 'B, edited once.') });
    expect(await examinedAfterEdges(0)).toBe(2);
    await writeOpfsFiles(page, 'shared-writer', { 'a.md': doc(41, 'A, edited twice.') });
    expect(await examinedAfterEdges(1)).toBe(2);
    await examinedAfterEdges(0);
    const lines = await segment(); // every line parses: no two appends glued together
    expect(new Set(lines.map((l) => l.idem)).size).toBe(lines.length);
    const revisions = lines.filter((l) => l.body.intent?.kind === 'observed-external').map((l) => `${l.body.outputs?.[0]?.object} ${l.body.outputs?.[0]?.content_hash}`);
    // both adopted texts and all three edits, none lost
    expect(new Set(revisions).size).toBe(5);
    await examinedAfterEdges(0);
    await examinedAfterEdges(1);
    expect(await segment()).toHaveLength(lines.length);
  } finally {
    await stopWorkers();
  }
});

test('COH-EDGES-01 issue 14: workers ended right after a save\'s and an edges\' answer, before writing their snapshot texts behind, lose none: the next worker takes their journals over, shows the diff since the pinned revision and writes the texts', async () => {
  const green = 'Elena has green eyes.\n';
  const grey = 'Elena has grey eyes, always.\n';
  await writeOpfsFiles(page, 'ended', { 'elena.md': green, 'chapter.md': 'Chapter one.\n' });
  const seen = await page.evaluate(
    async ({ green, grey }) => {
      const w = window as unknown as ProbeWindow;
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('ended');
      // holdWriteBehind: the worker never writes behind, as if it always ended first
      const start = async (holdWriteBehind: boolean) => {
        const probe = w.vmarkDebug.startCoherenceWorker('coherence ended probe');
        await probe.api.open(folder, '/ended', '0192f0c4-0000-7000-8000-00000000e0d1');
        await probe.api.faults({ scanDelayMs: 0, holdWriteBehind });
        return probe;
      };
      const person = { agent: { type: 'human' as const }, intent: { kind: 'save', summary: '' }, confidence: 'exact' as const };
      // the person saves elena.md, then chapter.md derived from it; the worker ends right after answering
      const first = await start(true);
      await first.api.capture({ path: 'elena.md', content: green, ...person });
      await first.api.capture({ path: 'chapter.md', content: 'Chapter one.\n', inputs: ['elena.md'], ...person });
      first.worker.terminate();
      // elena.md edited outside: its old text is nowhere on disk now; the next worker's edges finds the edit, then it ends too
      const writable = await (await folder.getFileHandle('elena.md')).createWritable();
      await writable.write(grey);
      await writable.close();
      const second = await start(true);
      const edges = await second.api.edges();
      second.worker.terminate();
      w.probes = [await start(false)];
      return { edges: edges.data };
    },
    { green, grey },
  );
  expect(seen.edges).toEqual([expect.objectContaining({ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale' })]);
  // the third worker takes the journals over (at its open, or a moment later while the browser releases an ended worker's)
  const diff = () =>
    page.evaluate(async () => {
      const { api } = (window as unknown as ProbeWindow).probes![0]!;
      const edge = (await api.edges()).data?.[0];
      return edge ? api.diff(edge.txf, edge.input) : null;
    });
  await expect.poll(() => diff().catch((error: Error) => error.message)).toEqual({ ok: true, data: { upstream_path: 'elena.md', pinned: green, current: grey } });
  // written into the workspace (the two elena.md texts and the chapter's), and no journal keeps them any longer
  const onDisk = () =>
    page.evaluate(async () => {
      const top = await navigator.storage.getDirectory();
      const snapshots = await (await (await top.getDirectoryHandle('ended')).getDirectoryHandle('.vmark')).getDirectoryHandle('snapshots');
      type Listed = { entries(): AsyncIterable<[string, FileSystemHandle]> };
      const texts: string[] = [];
      const visit = async (dir: FileSystemDirectoryHandle): Promise<void> => {
        for await (const [, handle] of (dir as unknown as Listed).entries()) {
          if (handle.kind === 'directory') await visit(handle as FileSystemDirectoryHandle);
          else texts.push(await (await (handle as FileSystemFileHandle).getFile()).text());
        }
      };
      await visit(snapshots);
      const journals = await (await top.getDirectoryHandle('coherence-write-behind')).getDirectoryHandle(encodeURIComponent('/ended'));
      let journaled = 0;
      for await (const [, handle] of (journals as unknown as Listed).entries()) journaled += (await (handle as FileSystemFileHandle).getFile()).size;
      return { texts: texts.sort(), journaled };
    });
  // a file taken over or written behind while the walk lists it reads as NotFound/NotReadable: that look is retried
  const settled = () => onDisk().catch((error: Error) => error.message);
  await expect.poll(settled).toEqual({ texts: ['Chapter one.\n', green, grey].sort(), journaled: 0 });
  await stopWorkers();
});

test('COH-03 COH-EDGES-01 two windows\' workers that see the same outside edit record it once, whether they scan one after the other or at once', async () => {
  const writer = '0192f0c4-0000-7000-8000-00000000d00d';
  const object = '0198c0de-0000-7000-8000-000000000051';
  const doc = (text: string) => `---\nvmark:\n  id: ${object}\n---\n${text}\n`;
  await writeOpfsFiles(page, 'same-edit', { '.vmark/.gitattributes': 'ledger/*.jsonl merge=union\n', 'a.md': doc('A.') });
  const transformations = () =>
    page.evaluate(
      async ({ writer, object }) => {
        const ledger = await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle('same-edit')).getDirectoryHandle('.vmark')).getDirectoryHandle('ledger');
        const text = await (await (await ledger.getFileHandle(`${writer}.jsonl`)).getFile()).text();
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { kind: string; body: { outputs?: { object: string }[] } })
          .filter((e) => e.kind === 'transformation' && e.body.outputs?.[0]?.object === object).length;
      },
      { writer, object },
    );
  await startWorkers('same-edit', writer, ['coherence window 1', 'coherence window 2']);
  try {
    await examinedAfterEdges(0); // adopts a.md
    await examinedAfterEdges(1);
    expect(await transformations()).toBe(1);
    await writeOpfsFiles(page, 'same-edit', { 'a.md': doc('A, edited outside.') });
    await examinedAfterEdges(0);
    await examinedAfterEdges(1);
    expect(await transformations()).toBe(2);
    await writeOpfsFiles(page, 'same-edit', { 'a.md': doc('A, edited outside again.') });
    await page.evaluate(async () => {
      const answers = await Promise.all((window as unknown as ProbeWindow).probes!.map(({ api }) => api.edges()));
      for (const answer of answers) if (!answer.ok) throw new Error(answer.message);
    });
    expect(await transformations()).toBe(3);
    await examinedAfterEdges(0);
    await examinedAfterEdges(1);
    expect(await transformations()).toBe(3);
  } finally {
    await stopWorkers();
  }
});

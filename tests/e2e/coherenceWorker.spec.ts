// The editor's coherence worker over OPFS, driven directly (vmarkDebug.startCoherenceWorker): its watch
// of the folder (FileSystemObserver), and two windows' workers appending to one ledger segment.

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
  edges(): Promise<{ ok: boolean; message?: string }>;
  examined(): Promise<number>;
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

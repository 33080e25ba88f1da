import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startStack } from '../../tests/e2e/support/stack';
import { summarize, type Summary } from '../roundtrip/stats';

/** What the same kernel costs in the editor's coherence worker, over the same workspace copied into OPFS. */
export interface BrowserFigures {
  /** `open` of a fresh worker from the index snapshot in OPFS plus the tail. */
  fromSnapshot: Summary;
  /** `open` by a full replay of the ledger (the floor). */
  replay: Summary;
  /** The first `open` of all: a full replay, then the snapshot written. */
  replayAndWrite: number;
  coldScan: number;
  /** edges calls until the cold scan answered (more than one: it passed the 20 s call limit). */
  coldCalls: number;
  edges: Summary;
  /** Files each of those scans examined: 1 when the worker's FileSystemObserver reported the change, every document when it walked in full. */
  examined: number[];
  status: Summary;
  /** Worker JS heap after GC with the kernel open, minus before (null when the worker does not expose it). */
  indexBytes: number | null;
}

const OPFS_DIR = 'bench-coherence';
const CHUNK = 4 * 1024 * 1024;
const PROFILE = process.env.VMARK_BENCH_PROFILE;
const PROFILE_OPEN = process.env.VMARK_BENCH_PROFILE_OPEN;
const PROFILE_REPLAY = process.env.VMARK_BENCH_PROFILE_REPLAY;
/** `VMARK_BENCH_OPEN_ONLY=1`: only the opens from the snapshot (no full replays, scans or calls after them). */
const OPEN_ONLY = process.env.VMARK_BENCH_OPEN_ONLY === '1';

type Debug = { vmarkDebug: { startCoherenceWorker(name: string): { worker: Worker; api: BenchApi } } };
interface BenchApi {
  open(handle: FileSystemDirectoryHandle, root: string, writer: string, options?: { snapshot?: false }): Promise<void>;
  tracked(): Promise<boolean>;
  opened(): Promise<{ from: 'snapshot' | 'replay'; snapshotWritten: boolean; replayedAs?: 'columns' | 'entries' }>;
  status(): Promise<{ ok: boolean; message?: string }>;
  edges(): Promise<{ ok: boolean; message?: string; data?: unknown[] }>;
  examined(): Promise<number>;
}
type BenchWindow = Window & Debug & { bench?: { worker: Worker; api: BenchApi } };

/** Every file of the workspace but `.git/` and the Node side's `.vmark/cache/`, relative paths. */
function filesOf(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== '.git' && `${prefix}${entry.name}` !== '.vmark/cache') visit(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      } else out.push(`${prefix}${entry.name}`);
    }
  };
  visit(root, '');
  return out;
}

/** Copies the workspace into OPFS in chunks of a few MB per evaluate (CDP carries strings), each file less what `held` holds back of its end. */
async function copyToOpfs(page: Page, root: string, held: Tail): Promise<void> {
  let batch: [string, string, boolean][] = [];
  let bytes = 0;
  const flush = async () => {
    await page.evaluate(
      async ({ dirName, parts }) => {
        const top = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName, { create: true });
        for (const [rel, text, append] of parts) {
          const segments = rel.split('/');
          let dir = top;
          for (const segment of segments.slice(0, -1)) dir = await dir.getDirectoryHandle(segment, { create: true });
          const file = await dir.getFileHandle(segments.at(-1) as string, { create: true });
          const size = append ? (await file.getFile()).size : 0;
          const writable = await file.createWritable({ keepExistingData: append });
          await writable.write({ type: 'write', position: size, data: text });
          await writable.close();
        }
      },
      { dirName: OPFS_DIR, parts: batch },
    );
    batch = [];
    bytes = 0;
  };
  for (const rel of filesOf(root)) {
    let text = fs.readFileSync(path.join(root, rel), 'utf8');
    if (rel === held.segment && text.endsWith(held.text)) text = text.slice(0, text.length - held.text.length);
    for (let at = 0; at < Math.max(1, text.length); at += CHUNK) {
      batch.push([rel, text.slice(at, at + CHUNK), at > 0]);
      bytes += Math.min(CHUNK, text.length - at);
      if (bytes >= CHUNK) await flush();
    }
  }
  if (batch.length > 0) await flush();
}

/**
 * The coherence worker's used JS heap after two full GCs, over CDP: a session of the page's own
 * auto-attaches to its workers (not flattened, so the commands go through Target.sendMessageToTarget).
 */
async function workerProbe(page: Page): Promise<{ heap: () => Promise<number | null>; profile: <T>(run: () => Promise<T>) => Promise<{ result: T; profile: unknown }> }> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Map<string, string>();
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string; title: string; url: string } }) => {
    if (event.targetInfo.type === 'worker') workers.set(event.sessionId, `${event.targetInfo.title} ${event.targetInfo.url}`);
  });
  cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => workers.delete(event.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const send = (sessionId: string, method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from the worker`)), 30_000);
      pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  const coherenceSession = () => {
    const attached = [...workers].reverse();
    return (attached.find(([, name]) => name.includes('coherence bench')) ?? attached.find(([, name]) => name.includes('coherence')))?.[0];
  };
  const profile = async <T>(run: () => Promise<T>) => {
    const session = coherenceSession();
    if (!session) throw new Error('no coherence worker to profile');
    await send(session, 'Profiler.enable');
    await send(session, 'Profiler.setSamplingInterval', { interval: 100 });
    await send(session, 'Profiler.start');
    const result = await run();
    const stopped = (await send(session, 'Profiler.stop')) as { profile: unknown };
    return { result, profile: stopped.profile };
  };
  const heap = async () => {
    const session = coherenceSession();
    if (!session) return null;
    try {
      await send(session, 'HeapProfiler.collectGarbage');
      await send(session, 'HeapProfiler.collectGarbage');
      return ((await send(session, 'Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
    } catch {
      return null;
    }
  };
  return { heap, profile };
}

interface Tail {
  segment: string;
  text: string;
}

export async function benchInBrowser(root: string, target: string, writer: string, rounds: number, rebuilds: number, tail: Tail): Promise<BrowserFigures> {
  const stack = await startStack({ nativeWorkspace: false });
  try {
    const page = stack.page;
    const probe = await workerProbe(page);
    const workerHeap = probe.heap;
    await copyToOpfs(page, root, tail);
    const start = () =>
      page.evaluate(async () => {
        const w = window as unknown as BenchWindow;
        w.bench?.worker.terminate();
        w.bench = w.vmarkDebug.startCoherenceWorker('coherence bench');
        await w.bench.api.tracked().catch(() => false); // the worker has loaded its module
      });
    const open = (args: { dirName: string; writer: string; snapshot: boolean }) =>
      page.evaluate(async ({ dirName, writer: id, snapshot }) => {
        const w = window as unknown as BenchWindow;
        const handle = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName);
        const started = performance.now();
        await w.bench?.api.open(handle, `/${dirName}`, id, snapshot ? {} : { snapshot: false });
        const took = performance.now() - started;
        return { took, opened: await (w.bench as { api: BenchApi }).api.opened() };
      }, args);
    const appendTail = () =>
      page.evaluate(
        async ({ dirName, segment, text }) => {
          let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName);
          const segments = segment.split('/');
          for (const name of segments.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
          const file = await dir.getFileHandle(segments.at(-1) as string);
          const size = (await file.getFile()).size;
          const writable = await file.createWritable({ keepExistingData: true });
          await writable.write({ type: 'write', position: size, data: text });
          await writable.close();
        },
        { dirName: OPFS_DIR, segment: tail.segment, text: tail.text },
      );

    // the first open replays the ledger and writes the snapshot; the tail is appended after it
    await start();
    const first = await open({ dirName: OPFS_DIR, writer, snapshot: true });
    if (first.opened.from !== 'replay' || !first.opened.snapshotWritten) throw new Error(`the first open did not replay and write the snapshot: ${JSON.stringify(first.opened)}`);
    const replayAndWrite = first.took;
    if (tail.text !== '') await appendTail();
    const replayTimes: number[] = [];
    for (let i = 0; i < (OPEN_ONLY ? 0 : rebuilds); i++) {
      await start();
      const replayOnce = () => open({ dirName: OPFS_DIR, writer, snapshot: false });
      // VMARK_BENCH_PROFILE_REPLAY=file.cpuprofile: the worker's CPU profile over the last full replay
      const profiled = PROFILE_REPLAY && i === rebuilds - 1 ? await probe.profile(replayOnce) : null;
      if (profiled) fs.writeFileSync(PROFILE_REPLAY as string, JSON.stringify(profiled.profile));
      const replayed = profiled?.result ?? (await replayOnce());
      if (replayed.opened.replayedAs !== 'columns') throw new Error(`the worker's replay went ${replayed.opened.replayedAs}, expected columns`);
      replayTimes.push(replayed.took);
    }
    const snapshotTimes: number[] = [];
    let indexBytes: number | null = null;
    for (let i = 0; i < rebuilds; i++) {
      await start();
      const before = await workerHeap();
      const openOnce = () => open({ dirName: OPFS_DIR, writer, snapshot: true });
      // VMARK_BENCH_PROFILE_OPEN=file.cpuprofile: the worker's CPU profile over the last open from the snapshot
      const profiled = PROFILE_OPEN && i === rebuilds - 1 ? await probe.profile(openOnce) : null;
      if (profiled) fs.writeFileSync(PROFILE_OPEN as string, JSON.stringify(profiled.profile));
      const opened = profiled?.result ?? (await openOnce());
      if (opened.opened.from !== 'snapshot') throw new Error('the worker did not open from the snapshot');
      snapshotTimes.push(opened.took);
      const after = await workerHeap();
      indexBytes = before !== null && after !== null ? after - before : null;
    }
    if (OPEN_ONLY) {
      const none = summarize([]);
      return { fromSnapshot: summarize(snapshotTimes), replay: none, replayAndWrite, coldScan: Number.NaN, coldCalls: 0, edges: none, examined: [], status: none, indexBytes };
    }
    const call = (what: 'edges' | 'status', change: string | null) =>
      page.evaluate(
        async ({ dirName, what: action, change: rel }) => {
          const w = window as unknown as BenchWindow;
          if (rel) {
            // written the way an outside change reaches OPFS: a page-side createWritable the worker's watch reports
            let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName);
            const segments = rel.split('/');
            for (const segment of segments.slice(0, -1)) dir = await dir.getDirectoryHandle(segment);
            const file = await dir.getFileHandle(segments.at(-1) as string);
            const size = (await file.getFile()).size;
            const writable = await file.createWritable({ keepExistingData: true });
            await writable.write({ type: 'write', position: size, data: `Edit ${size}.\n` });
            await writable.close();
          }
          const started = performance.now();
          const answer = await (w.bench as { api: BenchApi }).api[action]();
          if (!answer.ok) throw new Error(`${action}: ${answer.message}`);
          return performance.now() - started;
        },
        { dirName: OPFS_DIR, what, change },
      );
    // a cold scan reads every file through OPFS handles: on a loaded machine it may pass the 20 s call
    // limit (TIMEOUT; the scan goes on, and the next edges waits for it): ask again until it answers
    const coldStarted = Date.now();
    let coldCalls = 0;
    for (;;) {
      coldCalls++;
      try {
        await call('edges', null);
        break;
      } catch (error) {
        if (!/TIMEOUT/.test(String(error)) || Date.now() - coldStarted > 15 * 60_000) throw error;
      }
    }
    const coldScan = Date.now() - coldStarted;
    const edgeTimes: number[] = [];
    const examined: number[] = [];
    const edgeRounds = async () => {
      for (let i = 0; i < rounds; i++) {
        edgeTimes.push(await call('edges', target));
        examined.push(await page.evaluate(() => ((window as unknown as BenchWindow).bench as { api: BenchApi }).api.examined()));
      }
    };
    // VMARK_BENCH_PROFILE=file.cpuprofile: the worker's CPU profile over the edges rounds (open it in DevTools)
    if (PROFILE) fs.writeFileSync(PROFILE, JSON.stringify((await probe.profile(edgeRounds)).profile));
    else await edgeRounds();
    const statusTimes: number[] = [];
    for (let i = 0; i < rounds * 4; i++) statusTimes.push(await call('status', null));
    return { fromSnapshot: summarize(snapshotTimes), replay: summarize(replayTimes), replayAndWrite, coldScan, coldCalls, edges: summarize(edgeTimes), examined, status: summarize(statusTimes), indexBytes };
  } finally {
    await stack.close();
  }
}

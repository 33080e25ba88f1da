import { traceAround, withProfiledEditor } from '../editor/profileSummary';
import { makeDoc } from './makeDoc';

/**
 * Where a document call's time goes in the browser, thread by thread (a tool, not a bench): a Chromium
 * trace around 100 calls of document.write (save: false) or, with `KIND=read`, document.read of a
 * 10 KB document shown in WYSIWYG; prints each thread's events by total time per call (`TOP`, default
 * 60). `BACKGROUND=1`: another tab is shown. `TIMELINE=1`: the main threads' tasks of ~60 ms in the
 * middle of the run, in order, with what ran inside each. `node --import tsx bench/document/traceCalls.ts`
 */
interface Ev { name: string; ph: string; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string }; ts: number }
const CALLS = 100;
await withProfiledEditor(async ({ ai, cdp, open }) => {
  const tab = await open('10kb', makeDoc(10_000));
  const content = makeDoc(10_000);
  if (process.env.BACKGROUND === '1') await ai.ok('workspace', { action: 'switch_tab', tabId: await open('other', '# other\n') });
  let flip = false;
  const kind = process.env.KIND ?? 'write';
  const run = async () => {
    flip = !flip;
    if (kind === 'write') await ai.ok('document', { action: 'write', tabId: tab, content: flip ? `${content}x` : content, save: false });
    else await ai.ok('document', { action: 'read', tabId: tab });
  };
  for (let i = 0; i < 20; i++) await run();
  const events = await traceAround<Ev>(cdp, 'toplevel,devtools.timeline,blink,v8,ipc,mojom,IndexedDB,disabled-by-default-devtools.timeline', async () => {
    for (let i = 0; i < CALLS; i++) await run();
  });
  const threads = new Map<string, string>();
  const procs = new Map<number, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    if (e.ph === 'M' && e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '?');
  }
  const where = (e: Ev) => `${procs.get(e.pid) ?? e.pid}/${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
  const complete = (e: Ev): e is Ev & { dur: number } => e.ph === 'X' && e.dur !== undefined && e.dur > 0;
  if (process.env.TIMELINE) {
    const watched = new Set([...threads].filter(([, n]) => ['CrRendererMain', 'ServiceWorker thread', 'ThreadPoolForegroundWorker', 'CrBrowserMain'].includes(n)).map(([k]) => k));
    const tasks = events.filter(complete).filter((e) => e.dur > 50 && watched.has(`${e.pid}:${e.tid}`) && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'ThreadPool_RunTask'));
    const t0 = tasks[Math.floor(tasks.length / 2)]!.ts;
    const inside = (task: Ev & { dur: number }) =>
      events
        .filter(complete)
        .filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur > 30 && !e.name.includes('RunTask'))
        .slice(0, 6)
        .map((e) => `${e.name}(${(e.dur / 1000).toFixed(2)})`)
        .join(' ');
    for (const task of tasks.filter((e) => e.ts >= t0 && e.ts < t0 + 60_000).sort((a, b) => a.ts - b.ts)) {
      console.log(`${((task.ts - t0) / 1000).toFixed(2).padStart(7)} +${(task.dur / 1000).toFixed(2)}  ${where(task)}  ${inside(task)}`);
    }
    return;
  }
  // every complete event's thread time per call, by thread and name (nested events count in their parents too)
  const byThreadAndName = new Map<string, number>();
  for (const e of events.filter(complete)) {
    const key = `${where(e)} :: ${e.name}`;
    byThreadAndName.set(key, (byThreadAndName.get(key) ?? 0) + (e.tdur ?? e.dur) / 1000 / CALLS);
  }
  for (const [k, v] of [...byThreadAndName].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 60))) console.log(`${v.toFixed(3).padStart(8)}  ${k}`);
});

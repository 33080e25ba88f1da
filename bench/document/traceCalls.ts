import { withProfiledEditor } from '../editor/profileSummary';
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
  const events: Ev[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as Ev[])));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,blink,v8,ipc,mojom,IndexedDB,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  for (let i = 0; i < CALLS; i++) await run();
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  const threads = new Map<string, string>();
  const procs = new Map<number, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    if (e.ph === 'M' && e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '?');
  }
  // per thread: toplevel events' thread time, per name
  const by = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${procs.get(e.pid) ?? e.pid}/${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} :: ${e.name}`;
    by.set(key, (by.get(key) ?? 0) + (e.tdur ?? e.dur) / 1000 / CALLS);
  }
  if (process.env.TIMELINE) {
    const main = [...threads].filter(([, n]) => ['CrRendererMain', 'ServiceWorker thread', 'ThreadPoolForegroundWorker', 'CrBrowserMain'].includes(n)).map(([k]) => k);
    const tops = events.filter((e) => e.ph === 'X' && e.dur && e.dur > 50 && main.includes(`${e.pid}:${e.tid}`) && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'ThreadPool_RunTask'));
    const t0 = tops[Math.floor(tops.length / 2)]!.ts;
    const inner = (t: Ev) => events.filter((e) => e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur! && e !== t && e.dur! > 30 && !e.name.includes('RunTask')).slice(0, 6).map((e) => `${e.name}(${(e.dur! / 1000).toFixed(2)})`).join(' ');
    for (const t of tops.filter((e) => e.ts >= t0 && e.ts < t0 + 60_000).sort((a, b) => a.ts - b.ts)) console.log(`${((t.ts - t0) / 1000).toFixed(2).padStart(7)} +${(t.dur! / 1000).toFixed(2)}  ${(procs.get(t.pid) ?? '') + '/' + threads.get(`${t.pid}:${t.tid}`)}  ${inner(t)}`);
    return;
  }
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 60))) console.log(`${v.toFixed(3).padStart(8)}  ${k}`);
});

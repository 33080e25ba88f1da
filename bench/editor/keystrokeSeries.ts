import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { FIRST_MARKER, LAST_MARKER, markdownOfLines } from './markdownDoc';
import { armOpenProbe, openProbeResult } from './probes';
import { traceAndProfile, withProfiledEditor, type CpuProfile } from './profileSummary';

/**
 * Which keystrokes are slow, and what ran before them: types `VMARK_PROFILE_KEYS` (100) keys into the
 * empty document, then into the `VMARK_PROFILE_LINES` (10k) document, as bench/editor/run.ts does
 * (each 30 ms after the previous one was painted), and prints every keystroke's latency split into
 * input delay, handlers + wait for the frame, and the frame, with the timers, background tasks (the
 * hand-over) and status-bar changes since the previous one was painted; then the keystrokes after a
 * hand-over against the others. `VMARK_SERIES_TRACE=1` also traces the large document's series
 * and prints the main thread's tasks around each keydown and, for keydown tasks over 15 ms, their
 * self time by function. A tool for finding what lands on the slow keystrokes, not a bench.
 */
const LINES = Number(process.env.VMARK_PROFILE_LINES ?? 10_000);
const KEYS = Number(process.env.VMARK_PROFILE_KEYS ?? 100);
const TRACE = process.env.VMARK_SERIES_TRACE === '1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installs (or resets) the in-page recorder: keystroke samples, and timer / background tasks over 1 ms. */
const INSTALL = `() => {
  const g = globalThis;
  if (g.__series) { g.__series.samples = []; g.__series.tasks = []; return; }
  const s = g.__series = { samples: [], tasks: [], waiters: [] };
  const timed = (kind, fn) => function (...args) {
    const at = performance.now();
    try { return fn.apply(this, args); } finally {
      const dur = performance.now() - at;
      if (dur > 1) s.tasks.push({ kind, at, dur });
    }
  };
  const setTimeoutOf = g.setTimeout;
  g.setTimeout = function (fn, ms, ...rest) { return setTimeoutOf.call(this, typeof fn === 'function' ? timed('timer ' + (ms | 0) + ' ms', fn) : fn, ms, ...rest); };
  if (g.scheduler && g.scheduler.postTask) {
    const postTask = g.scheduler.postTask.bind(g.scheduler);
    g.scheduler.postTask = (fn, options) => postTask(timed('background task', fn), options);
  }
  const bar = document.querySelector('.status-bar');
  new MutationObserver(() => s.tasks.push({ kind: 'status bar: ' + bar.textContent.slice(0, 60), at: performance.now(), dur: 0 }))
    .observe(bar, { subtree: true, characterData: true, childList: true });
  window.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    const handled = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        s.samples.push({ start, handled, frame, painted: performance.now() });
        s.waiters = s.waiters.filter((w) => (s.samples.length >= w.count ? (w.resolve(), false) : true));
      };
      channel.port2.postMessage(0);
    });
  }, { capture: true });
}`;
const WAIT = `(count) => new Promise((resolve) => { const s = globalThis.__series; if (s.samples.length >= count) return resolve(); s.waiters.push({ count, resolve }); })`;

interface Sample { start: number; handled: number; frame: number; painted: number }
interface Task { kind: string; at: number; dur: number }

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/** Prints the series, each keystroke with what ran since the previous one was painted. */
function printSeries(label: string, samples: readonly Sample[], tasks: readonly Task[]): void {
  const latencies = samples.map((x) => x.painted - x.start);
  console.log(`\n== ${label}: p50 ${quantile(latencies, 0.5).toFixed(1)} p95 ${quantile(latencies, 0.95).toFixed(1)} max ${Math.max(...latencies).toFixed(1)} ms ('*': slowest 15 %)`);
  const slow = quantile(latencies, 0.85);
  const afterHandOver: number[] = [];
  const others: number[] = [];
  samples.forEach((x, i) => {
    const since = tasks.filter((t) => t.at >= (samples[i - 1]?.painted ?? x.start - 100) && t.at < x.painted);
    const latency = x.painted - x.start;
    (since.some((t) => t.kind === 'background task' && t.at < x.start) ? afterHandOver : others).push(latency);
    const what = since.map((t) => `[${t.kind} @${(t.at - x.start).toFixed(0)}${t.dur ? ` ${t.dur.toFixed(1)} ms` : ''}]`).join(' ');
    console.log(`${latency >= slow ? '*' : ' '}${String(i).padStart(3)} ${latency.toFixed(1).padStart(6)} = delay ${(x.handled - x.start).toFixed(1).padStart(5)} + handlers and wait for the frame ${(x.frame - x.handled).toFixed(1).padStart(5)} + frame ${(x.painted - x.frame).toFixed(1).padStart(5)}  ${what}`);
  });
  const rank = [...latencies].sort((a, b) => b - a);
  const top = (n: number) => afterHandOver.filter((l) => l >= rank[n - 1]!).length;
  console.log(`after a hand-over (a background task before the keydown): ${afterHandOver.length} keystrokes, median ${quantile(afterHandOver, 0.5).toFixed(1)} ms, ${top(5)} of the slowest 5, ${top(10)} of the slowest 10; the others: median ${quantile(others, 0.5).toFixed(1)} ms`);
}

let consumer: SourceMapConsumer | undefined;

/** Self time by (source-mapped) function of the profile's samples between `from` and `to` (µs, the trace's clock). */
function selfTimes(profile: CpuProfile & { startTime: number }, from: number, to: number): Map<string, number> {
  const mapFile = fs.readdirSync('web/dist/assets').find((f) => /^index-.*\.js\.map$/.test(f)) ?? '';
  consumer ??= new SourceMapConsumer(JSON.parse(fs.readFileSync(`web/dist/assets/${mapFile}`, 'utf8')));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  let at = profile.startTime;
  (profile.samples ?? []).forEach((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    if (at < from || at > to) return;
    const frame = nodes.get(id)!.callFrame;
    let name = frame.functionName || frame.url || '(native)';
    if (frame.url.includes('/assets/index-')) {
      const pos = consumer!.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
      name = `${(pos.source ?? '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${pos.name ?? frame.functionName}:${pos.line}`;
    }
    out.set(name, (out.get(name) ?? 0) + (profile.timeDeltas?.[i + 1] ?? 0) / 1000);
  });
  return out;
}

interface TraceEvent { ph: string; name: string; ts: number; dur?: number; tid: number; args?: { data?: { type?: string } } }

/** The main thread's tasks over 1 ms from each keydown's predecessor to its successor, with what ran inside. */
function printTasks(events: readonly TraceEvent[], profile: CpuProfile & { startTime: number }): void {
  const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts).slice(-KEYS);
  const main = events.filter((e) => e.tid === keydowns[0]?.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const end = (e: TraceEvent) => e.ts + e.dur!;
  keydowns.forEach((key, i) => {
    const tasks = main.filter((e) => e.name === 'RunTask' && e.dur! > 1000 && end(e) > (keydowns[i - 1]?.ts ?? key.ts - 50_000) && e.ts < (keydowns[i + 1]?.ts ?? key.ts + 100_000));
    console.log(`key ${i}`);
    for (const task of tasks) {
      const inside = new Map<string, number>();
      for (const e of main) if (e.ts >= task.ts && end(e) <= end(task) && e.name !== 'RunTask' && e.dur! > 300) inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur! / 1000);
      const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
      console.log(`  @${((task.ts - key.ts) / 1000).toFixed(0)} ${(task.dur! / 1000).toFixed(1)} ms {${top}}`);
      if (Math.abs(task.ts - key.ts) < 3000 && task.dur! > 15_000) {
        const fns = [...selfTimes(profile, task.ts, end(task))].sort((a, b) => b[1] - a[1]).slice(0, 12);
        console.log(fns.map(([fn, ms]) => `      ${ms.toFixed(1).padStart(5)} ${fn}`).join('\n'));
      }
    }
  });
}

await withProfiledEditor(async ({ ai, page, cdp, open }) => {
  await open('anchor', '');
  await page.getByLabel('anchor document').waitFor();
  const tabId = await open('lines-10k', markdownOfLines(LINES));
  await page.evaluate(`(${INSTALL})()`);
  const type = async (label: string) => {
    for (let i = 0; i < 10; i++) {
      await page.keyboard.type('w');
      await sleep(80);
    }
    await sleep(1500);
    await page.evaluate(`(${INSTALL})()`);
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.type('lorem ipsum '[i % 12] as string);
      await page.evaluate(`(${WAIT})(${i + 1})`);
      await sleep(30);
    }
    const { samples, tasks } = (await page.evaluate('globalThis.__series')) as { samples: Sample[]; tasks: Task[] };
    printSeries(label, samples, tasks);
  };
  await page.getByLabel('anchor document').click();
  await page.keyboard.press('End');
  await type('empty');
  await armOpenProbe(page, { title: 'lines-10k', firstMarker: FIRST_MARKER, lastMarker: LAST_MARKER });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await openProbeResult(page);
  await sleep(2000);
  await page.getByLabel('lines-10k document').locator('p').first().click();
  await page.keyboard.press('End');
  if (!TRACE) return await type(`${LINES} lines`);
  const { events, profile } = await traceAndProfile<TraceEvent>(cdp, 'devtools.timeline,disabled-by-default-devtools.timeline,blink,v8', () => type(`${LINES} lines`));
  printTasks(events, profile);
});

import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { showLargeDocument, traceAndProfile, withProfiledEditor, type CpuProfile } from './profileSummary';

/**
 * What the first keystroke after a hand-over pays that the others do not: types `VMARK_PROFILE_KEYS`
 * (100) keys into the `VMARK_PROFILE_LINES` (10k) document as bench/editor/run.ts does, under a
 * trace (`devtools.timeline`, its `disabled-by-default` part, `blink`) and a CPU profile, and prints
 * each keydown task with its style recalcs (elements), layouts (dirty / total objects) and the
 * largest events inside, marked `H` when a hand-over (a background task) ran since the previous
 * keystroke; then the self time by function per keydown task, after a hand-over against the
 * others. A tool for finding a cause, not a bench.
 */
const LINES = Number(process.env.VMARK_PROFILE_LINES ?? 10_000);
const KEYS = Number(process.env.VMARK_PROFILE_KEYS ?? 100);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Marks every background task (the hand-over) in the trace, and counts painted keystrokes. */
const INSTALL = `() => {
  const g = globalThis;
  if (g.__painted !== undefined) return;
  g.__painted = 0;
  let typed = 0;
  const postTask = g.scheduler.postTask.bind(g.scheduler);
  g.scheduler.postTask = (fn, options) => postTask(function (...args) { console.timeStamp('background task'); return fn.apply(this, args); }, options);
  window.addEventListener('keydown', () => {
    const n = ++typed;
    requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { g.__painted = n; }; c.port2.postMessage(0); });
  }, { capture: true });
}`;

interface TraceEvent { ph: string; name: string; ts: number; dur?: number; tid: number; args?: { elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number }; data?: { type?: string; message?: string } } }

/** Self time by source-mapped function name of each profile sample, for summing over a time window (µs, the trace's clock). */
function profileSamples(profile: CpuProfile & { startTime: number }): { at: number; fn: string; ms: number }[] {
  const mapFile = fs.readdirSync('web/dist/assets').find((f) => /^index-.*\.js\.map$/.test(f)) ?? '';
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(`web/dist/assets/${mapFile}`, 'utf8')));
  const names = new Map<number, string>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    let name = frame.functionName || frame.url || '(native)';
    if (frame.url.includes('/assets/index-')) {
      const pos = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
      name = `${(pos.source ?? '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${pos.name ?? frame.functionName}:${pos.line}`;
    }
    names.set(node.id, name);
  }
  let at = profile.startTime;
  return (profile.samples ?? []).map((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    return { at, fn: names.get(id) ?? '?', ms: (profile.timeDeltas?.[i + 1] ?? 0) / 1000 };
  });
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const ms = (us = 0) => (us / 1000).toFixed(1);

await withProfiledEditor(async (editor) => {
  const { page, cdp } = editor;
  await showLargeDocument(editor, LINES);
  await sleep(2000);
  await page.evaluate(`(${INSTALL})()`);
  await page.getByLabel('lines-10k document').locator('p').first().click();
  await page.keyboard.press('End');
  const WARM_UP = 10;
  for (let i = 0; i < WARM_UP; i++) {
    await page.keyboard.type('w');
    await sleep(80);
  }
  await sleep(1500);
  const { events, profile } = await traceAndProfile<TraceEvent>(cdp, 'devtools.timeline,disabled-by-default-devtools.timeline,blink', async () => {
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.type('lorem ipsum '[i % 12] as string);
      await page.waitForFunction(`globalThis.__painted >= ${WARM_UP + i + 1}`, undefined, { polling: 5 });
      await sleep(30);
    }
  });

  const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts);
  const main = events.filter((e) => e.tid === keydowns[0]?.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const handOvers = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'background task').map((e) => e.ts);
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const samples = profileSamples(profile);
  const selfMs = { after: new Map<string, number>(), others: new Map<string, number>() };
  const taskMs = { after: [] as number[], others: [] as number[] };
  keydowns.forEach((key, i) => {
    const task = main.find((e) => e.name === 'RunTask' && e.ts <= key.ts && end(e) >= key.ts);
    const previous = keydowns[i - 1];
    if (!task || !previous) return;
    const group = handOvers.some((at) => at > previous.ts && at < key.ts) ? 'after' : 'others';
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && end(e) <= end(task));
    const styles = inside.filter((e) => e.name === 'UpdateLayoutTree').map((e) => `style ${ms(e.dur)} ms, ${e.args?.elementCount ?? '?'} elements`);
    const layouts = inside.filter((e) => e.name === 'Layout').map((e) => `layout ${ms(e.dur)} ms, ${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'} objects`);
    const byName = new Map<string, number>();
    for (const e of inside) if ((e.dur ?? 0) > 300) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
    const largest = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, us]) => `${name} ${ms(us)}`);
    console.log(`${group === 'after' ? 'H' : ' '}${String(i).padStart(3)} task ${ms(task.dur).padStart(5)} ms  ${[...styles, ...layouts].join('; ') || 'no style or layout'}\n       ${largest.join(', ')}`);
    taskMs[group].push((task.dur ?? 0) / 1000);
    for (const s of samples) if (s.at >= task.ts && s.at <= end(task)) selfMs[group].set(s.fn, (selfMs[group].get(s.fn) ?? 0) + s.ms);
  });
  const { after, others } = taskMs;
  console.log(`\nkeydown task median: after a hand-over ${median(after).toFixed(1)} ms (n=${after.length}), the others ${median(others).toFixed(1)} ms (n=${others.length})`);
  console.log('self ms per keydown task, after a hand-over / the others (largest differences):');
  const fns = [...new Set([...selfMs.after.keys(), ...selfMs.others.keys()])].map((fn) => [fn, (selfMs.after.get(fn) ?? 0) / after.length, (selfMs.others.get(fn) ?? 0) / others.length] as const);
  for (const [fn, a, o] of fns.sort((x, y) => y[1] - y[2] - (x[1] - x[2])).slice(0, 15)) console.log(`  ${a.toFixed(2).padStart(6)} ${o.toFixed(2).padStart(6)}  ${fn}`);
});

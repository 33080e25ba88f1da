import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { connectAi, type Ai } from '../../tests/e2e/support/mcpClient';
import { startStack, type Stack } from '../../tests/e2e/support/stack';
import { FIRST_MARKER, LAST_MARKER, markdownOfLines } from './markdownDoc';
import { armOpenProbe, openProbeResult } from './probes';

/** The parts of a CDP `Profiler.Profile` read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Prints a CDP CPU profile's self time by original source package and by function, mapped through
 * the editor bundle's source map (`web/dist/assets/index-*.js.map`).
 */
export function printProfile(profile: CpuProfile, top = 30): void {
  const mapFile = fs.readdirSync('web/dist/assets').find((f) => /^index-.*\.js\.map$/.test(f)) ?? '';
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(`web/dist/assets/${mapFile}`, 'utf8')));
  const dt = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i + 1] ?? 0) / 1000));
  const bySource = new Map<string, number>();
  const byFn = new Map<string, number>();
  const names = new Map<number, string>();
  for (const node of profile.nodes) {
    const t = dt.get(node.id) ?? 0;
    const f = node.callFrame;
    let key = f.url ? path.basename(f.url) : `(${f.functionName || 'native'})`;
    let fn = f.functionName;
    if (f.url.includes('/assets/index-')) {
      const pos = consumer.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      key = (pos.source ?? '?').replace(/.*node_modules\//, '').replace(/^(@[^/]+\/[^/]+|[^/@.][^/]*)\/.*/, '$1').replace(/.*\/src\//, 'src/');
      fn = `${key}:${pos.name ?? f.functionName}:${pos.line}`;
    }
    names.set(node.id, fn || key);
    if (!t) continue;
    bySource.set(key, (bySource.get(key) ?? 0) + t);
    byFn.set(fn || key, (byFn.get(fn || key) ?? 0) + t);
  }
  // total time: a function's samples with it anywhere on the stack, counted once per sample
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const total = new Map<string, number>();
  for (const [id, t] of dt) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined && nodes.has(at); at = parent.get(at)) seen.add(names.get(at) ?? '?');
    for (const name of seen) total.set(name, (total.get(name) ?? 0) + t);
  }
  console.log('--- self ms by source');
  console.log([...bySource].sort((a, b) => b[1] - a[1]).slice(0, top).map(([n, v]) => `${v.toFixed(0).padStart(6)} ${n}`).join('\n'));
  console.log('--- self ms by function');
  console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, top).map(([n, v]) => `${v.toFixed(0).padStart(6)} ${n}`).join('\n'));
  console.log('--- total ms by function (on the stack)');
  console.log([...total].sort((a, b) => b[1] - a[1]).slice(0, top * 2).map(([n, v]) => `${v.toFixed(0).padStart(6)} ${n}`).join('\n'));
}

/** Self time by function of a Node CPU profile, with its file's base name and line. */
export function printNodeProfile(profile: CpuProfile, top = 25): void {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000));
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, top).map(([n, v]) => `${v.toFixed(0).padStart(6)} ${n}`).join('\n'));
}

export interface TraceEvent {
  ph: string;
  name: string;
  dur?: number;
}

const TRACED = ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'FunctionCall', 'EvaluateScript', 'RunTask', 'ParseHTML', 'IntersectionObserverController::computeIntersections', 'HitTest', 'V8.GC_MC_BACKGROUND_MARKING', 'MajorGC', 'MinorGC', 'V8.GCScavenger', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'EventDispatch', 'Commit'];

/** Prints the renderer's trace events (layout, style, paint, GC, tasks) summed by name, ms. */
export function printTrace(events: readonly TraceEvent[]): void {
  const byName = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.dur && TRACED.includes(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  console.log([...byName].sort((a, b) => b[1] - a[1]).map(([n, v]) => `${n} ${v.toFixed(0)}`).join('\n'));
}

export interface ProfiledEditor {
  stack: Stack;
  ai: Ai;
  page: Page;
  cdp: CDPSession;
  /** Writes `<title>.md` into the workspace and opens it in the background; its tab id. */
  open(title: string, content: string): Promise<string>;
}

/** Runs a profiling tool against a fresh stack: an AI connected, a CDP session on the editor page; stops the stack after. */
export async function withProfiledEditor(run: (editor: ProfiledEditor) => Promise<void>): Promise<void> {
  const stack = await startStack();
  try {
    const ai = await connectAi(stack.env, [], 'bench-profile');
    const page = stack.page;
    const open = async (title: string, content: string) => {
      const file = path.join(stack.workspace, `${title}.md`);
      fs.writeFileSync(file, content);
      return (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId;
    };
    await run({ stack, ai, page, cdp: await stack.context.newCDPSession(page), open });
    await ai.close();
  } finally {
    await stack.close();
  }
}

/** The browser's trace events of `categories` around `run`. */
export async function traceAround<Event>(cdp: CDPSession, categories: string, run: () => Promise<void>): Promise<Event[]> {
  const events: Event[] = [];
  const collect = (d: { value: unknown }) => events.push(...(d.value as Event[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await run();
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** A CPU profile (sampled every `intervalUs`) and the renderer's trace around `run`, both printed. */
export async function profileAndTrace(cdp: CDPSession, intervalUs: number, run: () => Promise<void>): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  let profile: CpuProfile | undefined;
  const events = await traceAround<TraceEvent>(cdp, 'devtools.timeline,blink', async () => {
    await cdp.send('Profiler.start');
    await run();
    ({ profile } = await cdp.send('Profiler.stop'));
  });
  printTrace(events);
  printProfile(profile!);
}

/**
 * Opens an empty tab, then `<lines>`-line markdown in the background and switches to it, as bench/editor/run.ts
 * does, and waits until every block is in place (a progressive open done). Returns the document's tab id.
 */
export async function showLargeDocument({ ai, page, open }: ProfiledEditor, lines: number): Promise<string> {
  await open('anchor', '');
  await page.getByLabel('anchor document').waitFor();
  const tabId = await open('lines-10k', markdownOfLines(lines));
  await armOpenProbe(page, { title: 'lines-10k', firstMarker: FIRST_MARKER, lastMarker: LAST_MARKER });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await openProbeResult(page);
  return tabId;
}

/** The renderer's trace events of `categories` and a CPU profile sampled every 100 µs, both around `run`. */
export async function traceAndProfile<Event>(cdp: CDPSession, categories: string, run: () => Promise<void>): Promise<{ events: Event[]; profile: CpuProfile & { startTime: number } }> {
  let profile: (CpuProfile & { startTime: number }) | undefined;
  const events = await traceAround<Event>(cdp, categories, async () => {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await run();
    ({ profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile & { startTime: number } });
  });
  return { events, profile: profile! };
}

import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { LAST_MARKER, FIRST_MARKER, markdownOfLines } from './markdownDoc';
import { armOpenProbe, openProbeResult } from './probes';

/**
 * Where one WYSIWYG open of the 10k-line document spends its time: a CPU profile (CDP Profiler,
 * self time by original source package through the editor bundle's source map) and the renderer's
 * trace events (layout, style, paint, GC) from switch_tab until the open probe saw it painted.
 * A tool for finding levers, not a bench: it prints and exits.
 */
const LINES = Number(process.env.VMARK_PROFILE_LINES ?? 10_000);
const stack = await startStack();
try {
  const ai = await connectAi(stack.env, [], 'bench-profile');
  const page = stack.page;
  const cdp = await stack.context.newCDPSession(page);
  const open = async (title: string, content: string) => {
    const file = path.join(stack.workspace, `${title}.md`);
    fs.writeFileSync(file, content);
    return (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId;
  };
  const anchor = await open('anchor', '');
  const tab = await open('lines-10k', markdownOfLines(LINES));
  await ai.ok('workspace', { action: 'switch_tab', tabId: anchor });
  await page.getByLabel('anchor document').waitFor();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events: { ph: string; name: string; dur?: number }[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as typeof events)));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await armOpenProbe(page, { title: 'lines-10k', firstMarker: FIRST_MARKER, lastMarker: LAST_MARKER });
  await ai.ok('workspace', { action: 'switch_tab', tabId: tab });
  const result = await openProbeResult(page);
  const { profile } = await cdp.send('Profiler.stop');
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  console.log('open', result);
  // trace: top-level durations by name on the renderer main thread
  const byName = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.dur && ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'FunctionCall', 'EvaluateScript', 'RunTask', 'ParseHTML', 'IntersectionObserverController::computeIntersections', 'HitTest', 'V8.GC_MC_BACKGROUND_MARKING', 'MajorGC', 'MinorGC', 'V8.GCScavenger', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks'].includes(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  console.log([...byName].sort((a, b) => b[1] - a[1]).map(([n, v]) => `${n} ${v.toFixed(0)}`).join('\n'));
  // profile: self time by original source file
  const mapFile = fs.readdirSync('web/dist/assets').find((f) => /^index-.*\.js\.map$/.test(f)) ?? '';
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(`web/dist/assets/${mapFile}`, 'utf8')));
  const dt = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i + 1] ?? 0) / 1000));
  const bySource = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const t = dt.get(node.id) ?? 0;
    if (!t) continue;
    const f = node.callFrame;
    let key = f.url ? path.basename(f.url) : `(${f.functionName || 'native'})`;
    let fn = f.functionName;
    if (f.url.includes('/assets/index-')) {
      const pos = consumer.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      key = (pos.source ?? '?').replace(/.*node_modules\//, '').replace(/^(@[^/]+\/[^/]+|[^/@.][^/]*)\/.*/, '$1').replace(/.*\/src\//, 'src/');
      fn = `${key}:${pos.name ?? f.functionName}:${pos.line}`;
    }
    bySource.set(key, (bySource.get(key) ?? 0) + t);
    byFn.set(fn || key, (byFn.get(fn || key) ?? 0) + t);
  }
  console.log('--- self ms by source');
  console.log([...bySource].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([n, v]) => `${v.toFixed(0).padStart(6)} ${n}`).join('\n'));
  console.log('--- self ms by function');
  console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([n, v]) => `${v.toFixed(0).padStart(6)} ${n}`).join('\n'));
  await ai.close();
} finally {
  await stack.close();
}

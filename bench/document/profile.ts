import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';

/**
 * Where the document tools spend their time in the editor page: a CPU profile (CDP Profiler, self
 * time by original source through the bundle's source map) around N calls of one case.
 * A tool for finding levers, not a bench: it prints and exits.
 * VMARK_PROFILE_CASE = insert5mb | write10kb | read10kb | read1mb (default: all).
 */
const CALLS = Number(process.env.VMARK_PROFILE_CALLS ?? 20);
const only = process.env.VMARK_PROFILE_CASE;
const makeDoc = (bytes: number): string => {
  const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit — 中文 ünïcödé.\n';
  const paragraph = `${line.repeat(5)}\n`;
  return paragraph.repeat(Math.ceil(bytes / Buffer.byteLength(paragraph))).slice(0, bytes);
};
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
  const tabs = { '10kb': await open('10kb', makeDoc(10_000)), '1mb': await open('1mb', makeDoc(1_000_000)), '5mb': await open('5mb', makeDoc(5_000_000)) };
  const mapFile = fs.readdirSync('web/dist/assets').find((f) => /^index-.*\.js\.map$/.test(f)) ?? '';
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(`web/dist/assets/${mapFile}`, 'utf8')));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const profiled = async (label: string, run: () => Promise<void>) => {
    if (only && only !== label) return;
    await run(); // warm
    await cdp.send('Profiler.start');
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await run();
    const wall = (performance.now() - started) / CALLS;
    const { profile } = await cdp.send('Profiler.stop');
    const dt = new Map<number, number>();
    (profile.samples ?? []).forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i + 1] ?? 0) / 1000));
    const byFn = new Map<string, number>();
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
    const nameOf = new Map<number, string>();
    for (const node of profile.nodes) {
      const f = node.callFrame;
      let fn = f.functionName || `(${path.basename(f.url) || 'native'})`;
      if (f.url.includes('/assets/index-')) {
        const pos = consumer.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
        fn = `${(pos.source ?? '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${pos.name ?? f.functionName}:${pos.line}`;
      }
      nameOf.set(node.id, fn);
    }
    const inclusive = new Map<string, number>();
    for (const node of profile.nodes) {
      const t = dt.get(node.id) ?? 0;
      if (!t) continue;
      const fn = nameOf.get(node.id) ?? '?';
      byFn.set(fn, (byFn.get(fn) ?? 0) + t);
      const seen = new Set<string>();
      for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
        const n = nameOf.get(at) ?? '?';
        if (seen.has(n)) continue;
        seen.add(n);
        inclusive.set(n, (inclusive.get(n) ?? 0) + t);
      }
    }
    console.log(`\n=== ${label}: ${wall.toFixed(2)} ms per call (wall, with profiler)`);
    console.log('--- self ms per call');
    console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([n, v]) => `${(v / CALLS).toFixed(2).padStart(8)} ${n}`).join('\n'));
    console.log('--- inclusive ms per call');
    console.log([...inclusive].filter(([n]) => n.startsWith('src/')).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([n, v]) => `${(v / CALLS).toFixed(2).padStart(8)} ${n}`).join('\n'));
  };
  await profiled('read10kb', async () => void (await ai.ok('document', { action: 'read', tabId: tabs['10kb'] })));
  await profiled('read1mb', async () => void (await ai.ok('document', { action: 'read', tabId: tabs['1mb'] })));
  const content = makeDoc(10_000);
  let flip = false;
  await profiled('write10kb', async () => {
    flip = !flip;
    await ai.ok('document', { action: 'write', tabId: tabs['10kb'], content: flip ? `${content}x` : content, save: false });
  });
  await ai.ok('workspace', { action: 'switch_tab', tabId: tabs['5mb'] });
  await page.getByLabel('5mb source').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await profiled('insert5mb', async () => void (await ai.ok('selection', { action: 'set', content: 'x' })));
  await ai.ok('workspace', { action: 'switch_tab', tabId: tabs['10kb'] });
  await page.getByLabel('10kb document').locator('p').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await profiled('insert10kb', async () => void (await ai.ok('selection', { action: 'set', content: 'x' })));
  await ai.close();
} finally {
  await stack.close();
}

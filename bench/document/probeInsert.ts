import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { summarize } from '../roundtrip/stats';
import { makeDoc } from './makeDoc';

/**
 * Each call of a series of one-character insertions (selection.set) on a 5 MB source-mode document, in
 * order, so the slow ones can be placed: a tool, not a bench. `VMARK_PROBE_CALLS` (default 80).
 */
const CALLS = Number(process.env.VMARK_PROBE_CALLS ?? 80);
const stack = await startStack();
try {
  const ai = await connectAi(stack.env, [], 'probe-insert');
  const file = path.join(stack.workspace, '5mb.md');
  fs.writeFileSync(file, makeDoc(5_000_000));
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await stack.page.getByLabel('5mb source').click({ position: { x: 5, y: 5 } });
  await stack.page.keyboard.press('Control+Home');
  await stack.page.keyboard.press('End');
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await ai.ok('selection', { action: 'set', content: 'x' });
    times.push(performance.now() - started);
  }
  console.log(times.map((t, i) => `${i}:${t.toFixed(0)}`).join(' '));
  const s = summarize(times.slice(10));
  console.log(`after the first 10: median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms`);
  await ai.close();
} finally {
  await stack.close();
}

import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectAi, textOf, type Ai } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { summarize } from '../roundtrip/stats';
import { count } from '../quick';

/**
 * Load: 8 MCP clients (8 `vmark mcp` processes) × N conditional writes on 4 documents of one
 * editor window. Each write reads the document, appends a line of its own and writes the whole
 * text with expected_revision; on STALE (or a write that had to wait too long: WRITE_BUSY,
 * JOURNAL_BUSY, JOURNAL_UNAVAILABLE, JOURNAL_DEGRADED: all change nothing) it reads again and retries. At the end every acknowledged write must be in the
 * final texts exactly once: lost updates are counted, as well as throughput and latencies.
 * Not a test: it prints the figures and PASS or MISS for "0 lost updates", and exits 0.
 */

const CLIENTS = 8;
const DOCUMENTS = 4;
const WRITES_PER_CLIENT = count(500, 25);
// refusals that changed nothing: JOURNAL_UNAVAILABLE is also the journal not answering in time on a busy machine
const RETRY_ERRORS = /\b(STALE|WRITE_BUSY|JOURNAL_BUSY|JOURNAL_UNAVAILABLE|JOURNAL_DEGRADED)\b/;
const MAX_ATTEMPTS = 200;

interface ClientFigures {
  acknowledged: string[];
  attempts: number;
  stale: number;
  latencies: number[];
}

async function runClient(ai: Ai, index: number, tabs: string[]): Promise<ClientFigures> {
  const figures: ClientFigures = { acknowledged: [], attempts: 0, stale: 0, latencies: [] };
  for (let n = 0; n < WRITES_PER_CLIENT; n++) {
    const tabId = tabs[(index + n) % tabs.length] as string;
    const line = `client ${index} write ${n}`;
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      if (attempt > MAX_ATTEMPTS) throw new Error(`${line}: still refused after ${MAX_ATTEMPTS} attempts`);
      const read = await ai.ok<{ content: string; revision: string; truncated?: boolean }>('document', { action: 'read', tabId });
      if (read.truncated) throw new Error('a document outgrew the read cap; lower WRITES_PER_CLIENT');
      figures.attempts++;
      const result = await ai.call('document', { action: 'write', tabId, content: `${read.content}${line}\n`, expected_revision: read.revision, save: false });
      if (!result.isError) break;
      const text = textOf(result);
      if (!RETRY_ERRORS.test(text)) throw new Error(`${line}: ${text}`);
      figures.stale++;
    }
    figures.latencies.push(performance.now() - started);
    figures.acknowledged.push(line);
  }
  return figures;
}

async function main(): Promise<void> {
  const stack = await startStack();
  const clients: Ai[] = [];
  try {
    for (let i = 0; i < CLIENTS; i++) clients.push(await connectAi(stack.env, [], `bench-load-${i}`));
    const first = clients[0] as Ai;
    const tabs: string[] = [];
    for (let d = 0; d < DOCUMENTS; d++) {
      const file = path.join(stack.workspace, `load-${d}.md`);
      fs.writeFileSync(file, `# Load document ${d}\n\n`);
      tabs.push((await first.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId);
    }
    // nobody reviews AI changes during the run: lift the review backlog limit (500 per document) through the test seam
    await stack.page.evaluate((limit) => {
      (window as unknown as { vmarkDebug: { journal: { backlogLimit: number } } }).vmarkDebug.journal.backlogLimit = limit;
    }, CLIENTS * WRITES_PER_CLIENT);

    const started = performance.now();
    const results = await Promise.all(clients.map((ai, i) => runClient(ai, i, tabs)));
    const seconds = (performance.now() - started) / 1000;

    const finalText = (await Promise.all(tabs.map((tabId) => first.ok<{ content: string }>('document', { action: 'read', tabId })))).map((r) => r.content).join('\n');
    const lines = new Map<string, number>();
    for (const line of finalText.split('\n')) lines.set(line, (lines.get(line) ?? 0) + 1);
    const acknowledged = results.flatMap((r) => r.acknowledged);
    const lost = acknowledged.filter((line) => !lines.has(line));
    const doubled = acknowledged.filter((line) => (lines.get(line) ?? 0) > 1);
    const latency = summarize(results.flatMap((r) => r.latencies));
    const attempts = results.reduce((sum, r) => sum + r.attempts, 0);
    const retried = results.reduce((sum, r) => sum + r.stale, 0);

    console.log(`\nVMark load: ${CLIENTS} MCP clients × ${WRITES_PER_CLIENT} conditional writes on ${DOCUMENTS} documents of one window (Node ${process.version})\n`);
    console.log(`acknowledged writes: ${acknowledged.length} in ${seconds.toFixed(1)} s = ${(acknowledged.length / seconds).toFixed(1)} writes/s`);
    console.log(`write attempts: ${attempts} (${retried} refused without a change (STALE, WRITE_BUSY, JOURNAL_*) and retried after a fresh read)`);
    console.log(`latency of an acknowledged write (read + write, retries included): median ${latency.median.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`);
    console.log(`lost updates: ${lost.length}, applied twice: ${doubled.length}   goal 0   ${lost.length === 0 && doubled.length === 0 ? 'PASS' : 'MISS'}`);
    if (lost.length > 0) console.log(`  first lost: ${lost.slice(0, 5).join(', ')}`);
  } finally {
    await Promise.all(clients.map((ai) => ai.close().catch(() => undefined)));
    await stack.close();
  }
}

await main();

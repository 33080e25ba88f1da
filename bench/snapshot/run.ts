import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { connectAi, type Ai } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { MCP_RESPONSE_CAP_TOKENS, PEER_BASELINE, TARGET_MEDIAN_TOKENS } from './peerBaseline';

/**
 * Tokens and time of browser_read.read on the 16 saved pages, through the whole MCP path (SDK
 * client → vmark mcp → host → extension → page), next to the recorded peer figures. Not a test:
 * it always exits 0 and prints PASS or MISS per goal.
 */
const PAGES_DIR = process.env.VMARK_PAGES_DIR ?? fileURLToPath(new URL('../../tests/fixtures/pages', import.meta.url));
const READS_PER_PAGE = 3;

interface Measured {
  page: string;
  tokens: number;
  bytes: number;
  medianMs: number;
  navigateTokens: number;
  nodes: number;
  truncated: boolean;
}

function serve(dir: string): Promise<{ url: (name: string) => string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.endsWith('.html') || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: (name) => `http://127.0.0.1:${port}/${name}`, close: () => server.close() });
    }),
  );
}

/** What an MCP host would put into the model context: the text parts, joined. */
function responseText(result: Awaited<ReturnType<Ai['call']>>): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(ai: Ai, page: string, url: string, first: boolean): Promise<Measured> {
  const navigated = await ai.call('browser', first ? { action: 'open', url } : { action: 'navigate', url });
  // Offline, some pages wait long for CDN subresources that never come (the peers' runs saw the same).
  for (let waits = 0; navigated.isError && responseText(navigated).startsWith('TIMEOUT') && waits < 3; waits++) {
    const waited = await ai.call('browser_read', { action: 'wait', timeoutMs: 9000 });
    if (!waited.isError) break;
  }
  if (navigated.isError && !responseText(navigated).startsWith('TIMEOUT')) throw new Error(`${page}: ${responseText(navigated)}`);
  const times: number[] = [];
  let text = '';
  for (let i = 0; i < READS_PER_PAGE; i++) {
    const started = performance.now();
    const result = await ai.call('browser_read', { action: 'read' });
    times.push(performance.now() - started);
    if (result.isError) throw new Error(`${page}: ${responseText(result)}`);
    if (i === 0) text = responseText(result);
  }
  const data = JSON.parse(text.split('\n').at(-1) ?? '{}') as { snapshot?: unknown[]; truncated?: boolean };
  return {
    page,
    tokens: encode(text).length,
    bytes: Buffer.byteLength(text),
    medianMs: median(times),
    navigateTokens: encode(responseText(navigated)).length,
    nodes: data.snapshot?.length ?? 0,
    truncated: data.truncated === true,
  };
}

const n = (value: number): string => Math.round(value).toLocaleString('en');

function report(rows: Measured[]): void {
  console.log('\nbrowser_read.read on the saved pages — ours measured now; the peers are the RECORDED figures of');
  console.log('reference/snapshot-baseline.md (@playwright/mcp 0.0.83, chrome-devtools-mcp 1.11.0), not re-run here.\n');
  const head = ['page', 'ours tok', 'pw tok', 'cdt tok', 'ours/pw', 'target', 'nodes', 'trunc', 'ours ms', 'pw ms', 'cdt ms'];
  const widths = [22, 9, 9, 9, 8, 8, 6, 6, 8, 7, 7];
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' '));
  line(head);
  for (const row of rows) {
    const peer = PEER_BASELINE[row.page];
    line([
      row.page,
      n(row.tokens),
      peer ? n(peer.playwrightTokens) : '—',
      peer ? n(peer.devtoolsTokens) : '—',
      peer ? (row.tokens / peer.playwrightTokens).toFixed(2) : '—',
      peer ? n(peer.playwrightTokens / 2) : '—',
      String(row.nodes),
      row.truncated ? 'yes' : '',
      row.medianMs.toFixed(0),
      peer ? String(peer.playwrightMs) : '—',
      peer ? String(peer.devtoolsMs) : '—',
    ]);
  }
  const withPeer = rows.filter((r) => PEER_BASELINE[r.page]);
  const ours = median(rows.map((r) => r.tokens));
  const total = rows.reduce((sum, r) => sum + r.tokens, 0);
  const pwTotal = withPeer.reduce((sum, r) => sum + PEER_BASELINE[r.page]!.playwrightTokens, 0);
  const over = rows.filter((r) => r.tokens > MCP_RESPONSE_CAP_TOKENS).map((r) => r.page);
  console.log(`\nmedian tokens: ours ${n(ours)}; recorded playwright-mcp 14,497, chrome-devtools-mcp 11,283`);
  console.log(`median of per-page ratios ours/playwright-mcp: ${median(withPeer.map((r) => r.tokens / PEER_BASELINE[r.page]!.playwrightTokens)).toFixed(2)}`);
  console.log(`total tokens: ours ${n(total)} vs recorded playwright-mcp ${n(pwTotal)} (${(total / pwTotal).toFixed(2)}×)`);
  console.log(`median read time: ours ${median(rows.map((r) => r.medianMs)).toFixed(0)} ms (whole MCP path); recorded peers 140 / 166 ms (different run, machine load differs)`);
  console.log(`median navigate/open response: ${n(median(rows.map((r) => r.navigateTokens)))} tokens (recorded peers 155 / 60)`);
  console.log(`goal: median ≤ ${n(TARGET_MEDIAN_TOKENS)} tokens (0.5 × playwright-mcp)   ${ours <= TARGET_MEDIAN_TOKENS ? 'PASS' : 'MISS'}`);
  console.log(`goal: no response over ${n(MCP_RESPONSE_CAP_TOKENS)} tokens   ${over.length === 0 ? 'PASS' : `MISS (${over.join(', ')})`}`);
}

async function main(): Promise<void> {
  const pages = fs.readdirSync(PAGES_DIR).filter((f) => f.endsWith('.html')).sort();
  const site = await serve(PAGES_DIR);
  const stack = await startStack({ allowLoopback: true });
  const ai = await connectAi(stack.env, [], 'snapshot-bench');
  const rows: Measured[] = [];
  try {
    for (const [i, file] of pages.entries()) rows.push(await measure(ai, file.replace(/\.html$/, ''), site.url(file), i === 0));
    report(rows);
  } finally {
    await ai.close();
    await stack.close();
    site.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 0;
});

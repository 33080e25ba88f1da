import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmptyResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HOP_NOOP_METHOD, NATIVE_HOST_NAME } from '@vmark/shared';
import { connectAi, textOf, type Ai } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { connect, connectPlaywrightMcp } from '../snapshot/peers';
import { openNativeEcho } from './nativeEcho';
import { RssSampler, type MemoryPeak } from './rssSampler';
import { summarize, type Summary } from './stats';
import { count } from '../quick';

/**
 * The cost of the whole MCP path next to its floors, in one run: `vmark/noop`, which crosses every
 * hop and does nothing (see HOP_NOOP_METHOD), a bare MCP SDK stdio echo server, a native-messaging
 * echo through the same browser and host binary, and @playwright/mcp's lightest call. Plus the
 * peak memory of `vmark host`, `vmark mcp` and the bare SDK server. Not a test: it always exits 0
 * and prints PASS or MISS per goal.
 */

const WARMUP_CALLS = count(20, 10);
const MEASURED_CALLS = count(200, 50);
/** The paths alternate in rounds, so drift during the run hits all alike. */
const ROUNDS = 5;
/** session.get_state against the no-op through every hop, and against @playwright/mcp's browser_tabs list. */
const NOOP_RATIO_GOAL = 1.3;
const PEER_RATIO_GOAL = 0.5;
const RSS_GOAL_MB = 60;
const HOST_FILE_WAIT_MS = 10_000;

async function timeCall(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function toolCall(client: Client, name: string, args: Record<string, unknown>): Promise<void> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
}

const pidOf = (client: Client): number | null => (client.transport as StdioClientTransport | undefined)?.pid ?? null;

async function waitForHostPid(runtimeDir: string): Promise<number> {
  const file = path.join(runtimeDir, 'host.json');
  const deadline = Date.now() + HOST_FILE_WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
      if (existsSync(`/proc/${pid}`)) return pid;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no running vmark host registered in ${file}`);
}

async function timeGetState(ai: Ai): Promise<number> {
  const started = performance.now();
  const result = await ai.call('session', { action: 'get_state' });
  const elapsed = performance.now() - started;
  if (result.isError) throw new Error(`session.get_state failed: ${textOf(result)}`);
  return elapsed;
}

const ms = (value: number): string => `${value.toFixed(3)} ms`.padStart(11);
const mb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;
const verdict = (met: boolean): string => (met ? 'PASS' : 'MISS');

function row(label: string, summary: Summary): string {
  return `${label.padEnd(56)}${String(summary.count).padStart(6)}${ms(summary.median)}${ms(summary.p95)}${ms(summary.mean)}${ms(summary.min)}${ms(summary.max)}`;
}

interface Paths {
  full: Summary;
  noop: Summary;
  nativeEcho: Summary;
  sdkEcho: Summary;
  playwright: Summary | string;
}

function report(paths: Paths, peaks: Map<string, MemoryPeak>, pids: Record<string, number>, browser: string): void {
  console.log(`\nVMark round trip (${browser}, Node ${process.version}, ${WARMUP_CALLS} warm-up calls each, ${ROUNDS} interleaved rounds)\n`);
  console.log(`${'path'.padEnd(56)}${'calls'.padStart(6)}${'median'.padStart(11)}${'p95'.padStart(11)}${'mean'.padStart(11)}${'min'.padStart(11)}${'max'.padStart(11)}`);
  console.log(row('full: session.get_state, SDK client → … → editor', paths.full));
  console.log(row(`floor: ${HOP_NOOP_METHOD} through every hop to the editor page`, paths.noop));
  console.log(row('floor: bare MCP SDK stdio server, echo tool', paths.sdkEcho));
  console.log(row('floor: connectNative ping → vmark host → pong (worker)', paths.nativeEcho));
  if (typeof paths.playwright === 'string') console.log(`${'peer: @playwright/mcp browser_tabs list'.padEnd(56)}  not measured: ${paths.playwright}`);
  else console.log(row('peer: @playwright/mcp browser_tabs list', paths.playwright));
  const noopRatio = paths.full.median / paths.noop.median;
  console.log(`\nsession.get_state / ${HOP_NOOP_METHOD}: median ${noopRatio.toFixed(2)}×   goal ≤ ${NOOP_RATIO_GOAL}×   ${verdict(noopRatio <= NOOP_RATIO_GOAL)}`);
  if (typeof paths.playwright !== 'string') {
    const peerRatio = paths.full.median / paths.playwright.median;
    console.log(`session.get_state / playwright-mcp browser_tabs list: median ${peerRatio.toFixed(2)}×   goal ≤ ${PEER_RATIO_GOAL}×   ${verdict(peerRatio <= PEER_RATIO_GOAL)}`);
  }
  console.log(`${HOP_NOOP_METHOD} / bare SDK echo: median ${(paths.noop.median / paths.sdkEcho.median).toFixed(2)}× (what the hops behind vmark mcp add)`);
  for (const [name, peak] of peaks) {
    const peakKb = Math.max(peak.highWaterKb, peak.sampledRssKb);
    const detail = `VmHWM ${mb(peak.highWaterKb)}, highest sampled VmRSS ${mb(peak.sampledRssKb)}`;
    const goal = name.startsWith('vmark') ? `   goal < ${RSS_GOAL_MB} MB   ${verdict(peakKb < RSS_GOAL_MB * 1024)}` : '   (floor)';
    console.log(`peak RSS ${name} (pid ${pids[name]}): ${mb(peakKb)} (${detail})${goal}`);
  }
}

async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const hostPid = await waitForHostPid(stack.env.VMARK_RUNTIME_DIR ?? '');
    const ai = await connectAi(stack.env, [], 'bench-roundtrip');
    const sdkEcho = await connect(path.join(import.meta.dirname, 'sdkEchoServer.mjs'), []);
    const mcpPid = ai.pid;
    const echoPid = pidOf(sdkEcho);
    if (mcpPid === null || echoPid === null) throw new Error('vmark mcp or the SDK echo server has no pid');
    const pids: Record<string, number> = { 'vmark host': hostPid, 'vmark mcp': mcpPid, 'bare SDK echo server': echoPid };
    const sampler = new RssSampler(pids);
    sampler.start();
    let playwright: Client | string;
    try {
      playwright = await connectPlaywrightMcp();
      await toolCall(playwright, 'browser_tabs', { action: 'list' });
    } catch (error) {
      playwright = (error as Error).message.split('\n')[0] ?? 'failed to start';
    }

    const paths = {
      full: () => timeGetState(ai),
      noop: () => timeCall(() => ai.client.request({ method: HOP_NOOP_METHOD, params: {} } as never, EmptyResultSchema)),
      sdkEcho: () => timeCall(() => toolCall(sdkEcho, 'echo', { text: 'ping' })),
      playwright: () => timeCall(() => toolCall(playwright as Client, 'browser_tabs', { action: 'list' })),
    };
    // warming the full path first also makes vmark mcp hold its socket to the stack's host
    // before the echo port starts a second host that takes over the socket path
    for (let i = 0; i < WARMUP_CALLS; i++) {
      await paths.full();
      await paths.noop();
      await paths.sdkEcho();
      if (typeof playwright !== 'string') await paths.playwright();
    }
    const worker = await stack.serviceWorker();
    const echo = await openNativeEcho(worker, NATIVE_HOST_NAME);
    await echo.time(WARMUP_CALLS);

    const times = { full: [] as number[], noop: [] as number[], sdkEcho: [] as number[], playwright: [] as number[], nativeEcho: [] as number[] };
    const perRound = Math.ceil(MEASURED_CALLS / ROUNDS);
    // the order rotates every call: the browser @playwright/mcp drives is still busy right after its call,
    // and a fixed order made the path after it (session.get_state) pay for that every time
    const order: (keyof typeof paths)[] = typeof playwright === 'string' ? ['full', 'noop', 'sdkEcho'] : ['full', 'noop', 'sdkEcho', 'playwright'];
    let turn = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < perRound; i++, turn++) {
        for (let k = 0; k < order.length; k++) {
          const path = order[(turn + k) % order.length]!;
          times[path].push(await paths[path]());
        }
      }
      times.nativeEcho.push(...(await echo.time(perRound)));
    }
    const peaks = sampler.stop();
    const browser = String(await worker.evaluate('navigator.userAgent.match(/Chrome\\/[\\d.]+/)?.[0] ?? navigator.userAgent'));
    await echo.close();
    await ai.close();
    await sdkEcho.close();
    if (typeof playwright !== 'string') await playwright.close();
    report(
      {
        full: summarize(times.full),
        noop: summarize(times.noop),
        nativeEcho: summarize(times.nativeEcho),
        sdkEcho: summarize(times.sdkEcho),
        playwright: typeof playwright === 'string' ? playwright : summarize(times.playwright),
      },
      peaks,
      pids,
      browser,
    );
  } finally {
    await stack.close();
  }
}

await main();

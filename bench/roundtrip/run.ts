import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { NATIVE_HOST_NAME } from '@vmark/shared';
import { connectAi, textOf, type Ai } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { openNativeEcho } from './nativeEcho';
import { RssSampler, type MemoryPeak } from './rssSampler';
import { summarize, type Summary } from './stats';
import { count } from '../quick';

/**
 * The cost of the whole MCP path next to a bare native-messaging echo through the same browser
 * and host binary, plus the peak memory of `vmark host` and `vmark mcp`. Not a test: it always
 * exits 0 and prints PASS or MISS per goal.
 */

const WARMUP_CALLS = count(20, 10);
const MEASURED_CALLS = count(200, 50);
/** Full and echo calls alternate in rounds, so drift during the run hits both alike. */
const ROUNDS = 5;
const RATIO_GOAL = 3;
const RSS_GOAL_MB = 100;
const HOST_FILE_WAIT_MS = 10_000;

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
  return `${label.padEnd(52)}${String(summary.count).padStart(6)}${ms(summary.median)}${ms(summary.p95)}${ms(summary.mean)}${ms(summary.min)}${ms(summary.max)}`;
}

function report(full: Summary, echo: Summary, peaks: Map<string, MemoryPeak>, pids: Record<string, number>, browser: string): void {
  console.log(`\nVMark round trip (${browser}, Node ${process.version}, ${WARMUP_CALLS} warm-up calls each, ${ROUNDS} interleaved rounds)\n`);
  console.log(`${'path'.padEnd(52)}${'calls'.padStart(6)}${'median'.padStart(11)}${'p95'.padStart(11)}${'mean'.padStart(11)}${'min'.padStart(11)}${'max'.padStart(11)}`);
  console.log(row('full: session.get_state, SDK client → … → editor', full));
  console.log(row('echo: connectNative ping → vmark host → pong', echo));
  const ratio = full.median / echo.median;
  console.log(`\nratio full/echo: median ${ratio.toFixed(2)}×, p95 ${(full.p95 / echo.p95).toFixed(2)}×   goal ≤ ${RATIO_GOAL}× (median)   ${verdict(ratio <= RATIO_GOAL)}`);
  for (const [name, peak] of peaks) {
    const peakKb = Math.max(peak.highWaterKb, peak.sampledRssKb);
    const detail = `VmHWM ${mb(peak.highWaterKb)}, highest sampled VmRSS ${mb(peak.sampledRssKb)}`;
    console.log(`peak RSS ${name} (pid ${pids[name]}): ${mb(peakKb)} (${detail})   goal < ${RSS_GOAL_MB} MB   ${verdict(peakKb < RSS_GOAL_MB * 1024)}`);
  }
}

async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const hostPid = await waitForHostPid(stack.env.VMARK_RUNTIME_DIR ?? '');
    const ai = await connectAi(stack.env, [], 'bench-roundtrip');
    const mcpPid = ai.pid;
    if (mcpPid === null) throw new Error('vmark mcp has no pid');
    const pids = { 'vmark host': hostPid, 'vmark mcp': mcpPid };
    const sampler = new RssSampler(pids);
    sampler.start();

    // warming the full path first also makes vmark mcp hold its socket to the stack's host
    // before the echo port starts a second host that takes over the socket path
    for (let i = 0; i < WARMUP_CALLS; i++) await timeGetState(ai);
    const worker = await stack.serviceWorker();
    const echo = await openNativeEcho(worker, NATIVE_HOST_NAME);
    await echo.time(WARMUP_CALLS);

    const fullTimes: number[] = [];
    const echoTimes: number[] = [];
    const perRound = Math.ceil(MEASURED_CALLS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < perRound; i++) fullTimes.push(await timeGetState(ai));
      echoTimes.push(...(await echo.time(perRound)));
    }
    const peaks = sampler.stop();
    const browser = String(await worker.evaluate('navigator.userAgent.match(/Chrome\\/[\\d.]+/)?.[0] ?? navigator.userAgent'));
    await echo.close();
    await ai.close();
    report(summarize(fullTimes), summarize(echoTimes), peaks, pids, browser);
  } finally {
    await stack.close();
  }
}

await main();

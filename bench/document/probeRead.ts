import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmptyResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HOP_NOOP_METHOD } from '@vmark/shared';
import { LEAN_NODE_FLAGS } from '../../bridge/src/os/nodeFlags';
import { VMARK_ENTRY } from '../../bridge/src/os/locations';
import { printNodeProfile, printProfile, withProfiledEditor, type CpuProfile } from '../editor/profileSummary';
import { summarize } from '../roundtrip/stats';
import { count } from '../quick';
import { makeDoc } from './makeDoc';

/**
 * Where a document.read of 1 MB spends what one of 10 KB does not (a tool, not a bench): the two
 * reads and the no-op alternate from Node, with `vmark mcp` under a CPU profile (self time by
 * function, printed after) and the editor page under CDP's profiler (by original source).
 * `node --import tsx bench/document/probeRead.ts` after `npm run build`.
 */
const CALLS = count(60, 20);

await withProfiledEditor(async ({ stack, cdp, open }) => {
  const tabs = { '10kb': await open('10kb', makeDoc(10_000)), '1mb': await open('1mb', makeDoc(1_000_000)) };
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-probe-read-'));
  // a `vmark mcp` of its own, started as clients start it plus a CPU profile written when it exits (not allowed in NODE_OPTIONS)
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...LEAN_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`, VMARK_ENTRY, 'mcp'],
    env: { ...(process.env as Record<string, string>), ...stack.env },
  });
  const client = new Client({ name: 'probe-read', version: '1.0.0' });
  await client.connect(transport);
  const read = async (tabId: string) => {
    const result = (await client.callTool({ name: 'document', arguments: { action: 'read', tabId } })) as CallToolResult;
    if (result.isError) throw new Error(`document.read failed: ${JSON.stringify(result.content)}`);
  };
  const times = { read10kb: [] as number[], read1mb: [] as number[], noop: [] as number[] };
  const calls: Record<keyof typeof times, () => Promise<unknown>> = {
    read10kb: () => read(tabs['10kb']),
    read1mb: () => read(tabs['1mb']),
    noop: () => client.request({ method: HOP_NOOP_METHOD, params: {} } as never, EmptyResultSchema),
  };
  const order = Object.keys(calls) as (keyof typeof times)[];
  for (let i = 0; i < 5; i++) for (const which of order) await calls[which]();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < CALLS; i++) {
    for (let k = 0; k < order.length; k++) {
      const which = order[(i + k) % order.length]!;
      const started = performance.now();
      await calls[which]();
      times[which].push(performance.now() - started);
    }
  }
  const { profile } = await cdp.send('Profiler.stop');
  await client.close();
  for (const [which, samples] of Object.entries(times)) {
    const s = summarize(samples);
    console.log(`${which.padEnd(10)} median ${s.median.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  (${s.count})`);
  }
  console.log(`\n=== editor page, all ${CALLS * order.length} calls`);
  printProfile(profile, 20);
  // the profile is written as the process exits
  for (let i = 0; i < 50 && !fs.readdirSync(profileDir).length; i++) await new Promise((r) => setTimeout(r, 100));
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  console.log(`\n=== vmark mcp, self ms by function (whole process, start included)`);
  if (file) printNodeProfile(JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile);
  else console.log('no profile written');
});

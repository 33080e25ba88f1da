import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { HOP_NOOP_METHOD } from '@vmark/shared';
import fs from 'node:fs';
import os from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LEAN_NODE_FLAGS } from '../../bridge/src/os/nodeFlags';
import { VMARK_ENTRY } from '../../bridge/src/os/locations';
import { printNodeProfile, type CpuProfile } from '../editor/profileSummary';
import { startStack } from '../../tests/e2e/support/stack';
import { summarize } from './stats';
import { count } from '../quick';
import { makeDoc } from '../document/makeDoc';

/**
 * Where a call through every hop spends CPU (a tool, not a bench): runs the no-op, then
 * session.get_state, many times each, and prints per call the CPU time (user + system, from
 * /proc/PID/stat) of each process on the path: this Node (the MCP client), `vmark mcp`,
 * `vmark host`, and the browser's processes by kind. Wall time minus the CPU sum is waiting
 * (wake-ups, scheduling). `node --import tsx bench/roundtrip/probeHops.ts`; with
 * `VMARK_PROBE_DOCUMENT=1` also document.read and document.write of a 10 KB document.
 */

const CALLS = count(600, 200);
const TICK_MS = 10;

interface Proc {
  pid: number;
  ppid: number;
  ticks: number;
  cmdline: string;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmdline };
  } catch {
    return null;
  }
}

function allProcs(): Proc[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== null);
}

function kindOf(proc: Proc, hostPid: number, mcpPid: number): string {
  if (proc.pid === hostPid) return 'vmark host';
  if (proc.pid === mcpPid) return 'vmark mcp';
  if (proc.cmdline.includes('--extension-process')) return 'chrome extension renderer';
  const type = /--type=(\S+)/.exec(proc.cmdline)?.[1];
  if (type === 'renderer') return 'chrome page renderer';
  if (type) return `chrome ${type}${/--utility-sub-type=(\S+)/.exec(proc.cmdline)?.[1] ? ` ${/--utility-sub-type=(\S+)/.exec(proc.cmdline)?.[1]}` : ''}`;
  return proc.cmdline.includes('chrom') ? 'chrome browser' : proc.cmdline.slice(0, 40);
}

function descendants(root: number, procs: Proc[]): Proc[] {
  const out: Proc[] = [];
  const frontier = [root];
  while (frontier.length) {
    const pid = frontier.pop()!;
    for (const p of procs) {
      if (p.ppid === pid) {
        out.push(p);
        frontier.push(p.pid);
      }
    }
  }
  return out;
}

const stack = await startStack();
try {
  // `vmark mcp` as clients start it; with PROFILE=1 under a CPU profile too (written when it exits)
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-probe-hops-'));
  const profiling = process.env.PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...LEAN_NODE_FLAGS, ...profiling, VMARK_ENTRY, 'mcp'],
    env: { ...(process.env as Record<string, string>), ...stack.env },
  });
  const client = new Client({ name: 'probe-hops', version: '1.0.0' });
  await client.connect(transport);
  const ai = { client, pid: transport.pid, call: (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) };
  const hostPid = (JSON.parse(readFileSync(path.join(stack.env.VMARK_RUNTIME_DIR!, 'host.json'), 'utf8')) as { pid: number }).pid;
  const mcpPid = ai.pid!;
  const procs = allProcs();
  const browser = procs.find((p) => p.cmdline.includes(path.join(stack.root, 'profile')) && !p.cmdline.includes('--type='));
  if (!browser || !existsSync(`/proc/${hostPid}`)) throw new Error('browser or host not found');
  const watched = [browser, ...descendants(browser.pid, procs), readProc(mcpPid)!].filter((p, i, all) => all.findIndex((q) => q.pid === p.pid) === i);

  const paths: Record<string, () => Promise<unknown>> = {
    noop: () => ai.client.request({ method: HOP_NOOP_METHOD, params: {} } as never, EmptyResultSchema),
    get_state: () => ai.call('session', { action: 'get_state' }),
  };
  if (process.env.VMARK_PROBE_DOCUMENT === '1') {
    // document.read against document.write (save: false) of a 10 KB document shown in WYSIWYG, as bench/document does
    const file = path.join(stack.workspace, 'probe10kb.md');
    const content = makeDoc(10_000);
    fs.writeFileSync(file, content);
    const opened = (await ai.call('workspace', { action: 'open', filePath: file })) as { content: { text: string }[] };
    const tabId = (JSON.parse(opened.content.at(-1)!.text) as { tabId: string }).tabId;
    let flip = false;
    paths.read10kb = () => ai.call('document', { action: 'read', tabId });
    paths.write10kb = () => ai.call('document', { action: 'write', tabId, content: (flip = !flip) ? `${content}x` : content, save: false });
  }
  // each path twice, alternating, so what the browser still does after start does not land on one of them
  for (const [name, run] of [...Object.entries(paths), ...Object.entries(paths)]) {
    for (let i = 0; i < 30; i++) await run();
    const before = new Map(watched.map((p) => [p.pid, readProc(p.pid)?.ticks ?? 0]));
    const ownBefore = process.cpuUsage();
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    const wall = (performance.now() - started) / CALLS;
    const own = process.cpuUsage(ownBefore);
    const perKind = new Map<string, number>();
    perKind.set('MCP client (this node)', (own.user + own.system) / 1000 / CALLS);
    for (const p of watched) {
      const ticks = (readProc(p.pid)?.ticks ?? 0) - (before.get(p.pid) ?? 0);
      const kind = kindOf(p, hostPid, mcpPid);
      perKind.set(kind, (perKind.get(kind) ?? 0) + (ticks * TICK_MS) / CALLS);
    }
    const s = summarize(times);
    console.log(`\n${name}: ${CALLS} calls, wall mean ${wall.toFixed(2)} ms, median ${s.median.toFixed(2)} ms; CPU per call (ms):`);
    let sum = 0;
    for (const [kind, cpu] of [...perKind].sort((a, b) => b[1] - a[1])) {
      if (cpu < 0.005) continue;
      sum += cpu;
      console.log(`  ${kind.padEnd(40)} ${cpu.toFixed(3)}`);
    }
    console.log(`  ${'sum'.padEnd(40)} ${sum.toFixed(3)}`);
  }
  await client.close();
  for (let i = 0; i < 50 && profiling.length && !fs.readdirSync(profileDir).length; i++) await new Promise((r) => setTimeout(r, 100));
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (file) {
    console.log('\n=== vmark mcp, self ms by function (whole process, start included)');
    printNodeProfile(JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile, 40);
  }
} finally {
  await stack.close();
}

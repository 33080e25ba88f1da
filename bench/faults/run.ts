import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { TYPED_TEXT_WINDOW_MS } from '../../web/src/documents/journalWindow';
import { QUICK } from '../quick';
import { killBrowser } from './browserKill';
import { faultMidCall, killHost, stopWorker } from './callFaults';
import { printTallies, tally, type Tally } from './figures';
import { ROUNDS, type Harness } from './harness';
import { crashWhileTyping, crashWhileWriting } from './rendererCrash';

/**
 * Faults injected into the real stack while the person types and the AI writes, each ROUNDS times,
 * with the count of what was lost. Not a test: it prints the figures and PASS or MISS for "nothing
 * lost", and exits 0; a fault it cannot inject makes it exit 1.
 */

const FAULTS = ['typing', 'writing', 'host', 'worker', 'browser', 'disk'] as const;
type FaultName = (typeof FAULTS)[number];

/** `VMARK_FAULTS_ONLY=worker` (or `host,worker`) runs only those faults; unset runs all. */
function selectedFaults(): Set<FaultName> {
  const only = process.env.VMARK_FAULTS_ONLY;
  if (!only) return new Set(FAULTS);
  const names = only.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(FAULTS as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`VMARK_FAULTS_ONLY: unknown fault ${unknown.join(', ')}; pick from ${FAULTS.join(', ')}`);
  return new Set(names as FaultName[]);
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The disk faults run in a mount namespace of their own (disk.ts); their tallies come back as one JSON line. */
async function diskFaults(): Promise<Tally[]> {
  const child = spawn('unshare', ['-m', '--propagation', 'private', process.execPath, '--import', 'tsx', path.join(here, 'disk.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  process.stdout.write(out.split('\n').filter((l) => !l.startsWith('FAULTS-JSON ')).join('\n'));
  const line = out.split('\n').find((l) => l.startsWith('FAULTS-JSON '));
  if (code !== 0 || !line) throw new Error(`the disk faults did not run (exit ${String(code)}; unshare -m needs root or CAP_SYS_ADMIN)`);
  return JSON.parse(line.slice('FAULTS-JSON '.length)) as Tally[];
}

async function main(): Promise<void> {
  const only = selectedFaults();
  console.log(`bench/faults: ${ROUNDS} rounds per fault${QUICK ? ' (quick)' : ''}${only.size < FAULTS.length ? ` (only ${[...only].join(', ')})` : ''}; typed text journal window ${TYPED_TEXT_WINDOW_MS} ms`);
  const stack = await startStack();
  const ai = await connectAi(stack.env);
  const h: Harness = { stack, ai, context: stack.context, page: stack.page };
  const tallies = [
    tally('renderer crash while typing'),
    tally('renderer crash mid document.write'),
    tally('vmark host SIGKILL mid-call'),
    tally('extension worker stopped mid-call'),
    tally('browser killed and restarted'),
  ];
  const [typing, writing, host, worker, browser] = tallies as [Tally, Tally, Tally, Tally, Tally];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      if (only.has('typing')) await crashWhileTyping(h, round, typing, TYPED_TEXT_WINDOW_MS);
      if (only.has('writing')) await crashWhileWriting(h, round, writing);
      if (only.has('host')) await faultMidCall(h, round, host, 'host', killHost);
      if (only.has('worker')) await faultMidCall(h, round, worker, 'worker', stopWorker);
      if (only.has('browser')) await killBrowser(h, round, browser, TYPED_TEXT_WINDOW_MS);
      console.log(`round ${round + 1}/${ROUNDS} done`);
    }
  } finally {
    await ai.close();
    await h.context.close().catch(() => undefined);
    await stack.close();
  }
  if (only.has('disk')) tallies.push(...(await diskFaults()));
  const clean = printTallies(
    tallies.filter((t) => t.rounds > 0),
    TYPED_TEXT_WINDOW_MS,
  );
  console.log(`\nnothing lost (0 keystrokes beyond ${TYPED_TEXT_WINDOW_MS} ms, 0 durable writes, 0 duplicated, 0 garbled, every next call succeeds): ${clean ? 'PASS' : 'MISS'}`);
}

await main();

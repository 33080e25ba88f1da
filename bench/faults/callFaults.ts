import fs from 'node:fs';
import path from 'node:path';
import { injectFaults, journalEntries } from '../../tests/e2e/support/journal';
import { appendUntilFault, logWrites, lostSaves, lostWrites, untilRecovered } from './aiWrites';
import { saysWhatToDo, type Tally } from './figures';
import { anywhereIn, LOG_ROUNDS, openFile, sleep, type Harness } from './harness';
import { duplicatedLines, journaledTexts } from './recovered';

const BASE = 'saved\n';

export const hostPid = (h: Harness): number =>
  (JSON.parse(fs.readFileSync(path.join(h.stack.env.VMARK_RUNTIME_DIR as string, 'host.json'), 'utf8')) as { pid: number }).pid;

export async function killHost(h: Harness): Promise<void> {
  process.kill(hostPid(h), 'SIGKILL');
}

export async function stopWorker(h: Harness): Promise<void> {
  const cdp = await h.context.newCDPSession(h.page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/**
 * A part between the AI and the editor goes away while the AI writes (the journal holds each write
 * 150 ms, so the fault lands inside a call). The AI reads the document as the refusal tells it and
 * goes on: afterwards every durable write is in the tab (or the journal) exactly once, every saved one
 * on disk, and the next write succeeds.
 */
export async function faultMidCall(h: Harness, round: number, t: Tally, name: string, fault: (h: Harness) => Promise<void>): Promise<void> {
  const { file, tabId } = await openFile(h, `${name}-${round}.md`, BASE);
  await injectFaults(h.page, { recordDelayMs: 150 });
  let faulted = false;
  const writes = appendUntilFault(h.ai, tabId, BASE, `${name} ${round} write`, () => faulted);
  await sleep(anywhereIn(300, 1_500));
  const faultAt = Date.now();
  await fault(h);
  faulted = true;
  const run = await writes;
  await injectFaults(h.page, { recordDelayMs: 0 });
  const recoveredIn = await untilRecovered(h.ai);
  t.rounds++;
  if (recoveredIn !== null) t.recoveryMs.push(recoveredIn);
  const read = await h.ai.call('document', { action: 'read', tabId });
  const inTab = read.isError ? '' : (JSON.parse((read.content.at(-1) as { text: string }).text) as { content: string }).content;
  const onDisk = fs.readFileSync(file, 'utf8');
  const journaled = await journaledTexts(h.page, file);
  const recovered = [inTab, onDisk, ...journaled];
  const lost = new Set([...lostWrites(run.acknowledged, [inTab]), ...lostSaves(run.acknowledged, onDisk)]);
  t.durableWrites += run.acknowledged.filter((w) => w.durable).length;
  t.writesLost += lost.size;
  t.duplicated += recovered.reduce((n, text) => n + duplicatedLines(text).length, 0);
  if (!saysWhatToDo(run.refusal)) {
    t.refusalsWithoutNextStep++;
    console.log(`  ${t.fault}: a refusal without a next step: ${String(run.refusal)}`);
  }
  if (lost.size > 0) {
    const entries = await journalEntries(h.page, file);
    console.log(`    pages ${h.context.pages().length}; journal entries: ${JSON.stringify(entries.map((e) => [e.state, e.contentAfter?.split('\n').length ?? null]))}`);
  }
  if (LOG_ROUNDS || lost.size > 0 || read.isError) {
    const places: [string, string][] = [[read.isError ? `tab (read failed: ${JSON.stringify(read.content)})` : 'tab', inTab], ['disk', onDisk], ...journaled.map((j): [string, string] => ['journal', j])];
    logWrites(`${t.fault} round ${round + 1}`, run, faultAt, places, lost);
  }
  const next = recoveredIn === null || read.isError ? null : await h.ai.call('document', { action: 'write', tabId, content: `${inTab}after recovery\n`, save: true });
  if (!next || next.isError) t.nextCallFailed++;
}

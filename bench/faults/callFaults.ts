import fs from 'node:fs';
import path from 'node:path';
import { injectFaults, journalEntries } from '../../tests/e2e/support/journal';
import { appendUntilFault, lostSaves, lostWrites, untilRecovered, type WriteRun } from './aiWrites';
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

const lineSet = (text: string) => new Set(text.split('\n'));

/** One round of a mid-call fault: each acknowledged write, what its answer promised and where its line was found afterwards. */
function logRound(
  name: string,
  run: WriteRun,
  found: { faultAt: number; inTab: string; onDisk: string; journaled: string[]; lost: Set<string>; readError: string | null },
): void {
  const tab = lineSet(found.inTab);
  const disk = lineSet(found.onDisk);
  const journal = found.journaled.map(lineSet);
  console.log(`  ${name}: ${run.acknowledged.length} answered, unknown ${JSON.stringify(run.unknown)}, refusal ${JSON.stringify(run.refusal)}`);
  for (const w of run.acknowledged) {
    const where = [tab.has(w.line) && 'tab', disk.has(w.line) && 'disk', journal.some((j) => j.has(w.line)) && 'journal'].filter(Boolean).join('+') || 'nowhere';
    const when = `sent ${w.sentAt - found.faultAt} ms, answered ${w.answeredAt - found.faultAt} ms from the fault`;
    console.log(`    ${w.line}: durable ${String(w.durable)} saved ${String(w.saved)} (${when}) → ${where}${found.lost.has(w.line) ? '  LOST' : ''}`);
  }
  if (found.lost.size > 0 || found.readError) {
    console.log(`    tab: ${JSON.stringify(found.inTab)}${found.readError ? ` (read failed: ${found.readError})` : ''}`);
    console.log(`    disk: ${JSON.stringify(found.onDisk)}`);
    console.log(`    journal (applied, oldest first): ${JSON.stringify(found.journaled)}`);
  }
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
  if (LOG_ROUNDS || lost.size > 0) logRound(`${t.fault} round ${round + 1}`, run, { faultAt, inTab, onDisk, journaled, lost, readError: read.isError ? JSON.stringify(read.content) : null });
  const next = recoveredIn === null || read.isError ? null : await h.ai.call('document', { action: 'write', tabId, content: `${inTab}after recovery\n`, save: true });
  if (!next || next.isError) t.nextCallFailed++;
}

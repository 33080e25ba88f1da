import fs from 'node:fs';
import { injectFaults } from '../../tests/e2e/support/journal';
import { appendUntilFault, lostSaves, lostWrites, untilRecovered } from './aiWrites';
import { saysWhatToDo, type Tally } from './figures';
import { anywhereIn, countKeystrokes, crashRenderer, openFile, openWindow, sleep, typeUntil, type Harness, type Typed } from './harness';
import { duplicatedLines, journaledTexts, takeOffered } from './recovered';

const BASE = 'saved\n';

/** The first call after a fault: reopening the round's file and appending to it must succeed. */
async function nextCallWorks(h: Harness, file: string): Promise<boolean> {
  const opened = await h.ai.call('workspace', { action: 'open', filePath: file });
  if (opened.isError) return false;
  const { tabId } = JSON.parse((opened.content.at(-1) as { text: string }).text) as { tabId: string };
  const read = await h.ai.ok<{ content: string }>('document', { action: 'read', tabId });
  return !(await h.ai.call('document', { action: 'write', tabId, content: `${read.content}after recovery\n`, save: false })).isError;
}

/** The editor tab's renderer crashes while the person types: what they typed is offered back in a new window. */
export async function crashWhileTyping(h: Harness, round: number, t: Tally, windowMs: number): Promise<void> {
  const title = `typing-${round}`;
  const { file } = await openFile(h, `${title}.md`, BASE, true);
  const typed: Typed = { text: '', at: [] };
  const crashAfter = Date.now() + anywhereIn(1_500, 4_000);
  await typeUntil(h.page, () => Date.now() >= crashAfter, typed);
  const faultAt = Date.now();
  await crashRenderer(h, h.page);
  h.page = await openWindow(h);
  const offered = (await takeOffered(h.page, [title])).find((b) => b.filePath === file);
  const recovered = offered?.content.startsWith(BASE) ? offered.content.slice(BASE.length) : '';
  t.rounds++;
  countKeystrokes(t, typed, recovered, faultAt, windowMs);
  if (fs.readFileSync(file, 'utf8') !== BASE) t.garbled++;
  const recoveredIn = await untilRecovered(h.ai);
  if (recoveredIn !== null) t.recoveryMs.push(recoveredIn);
  if (recoveredIn === null || !(await nextCallWorks(h, file))) t.nextCallFailed++;
}

/** The editor tab's renderer crashes while the AI writes: every durable write is on disk or in the journal. */
export async function crashWhileWriting(h: Harness, round: number, t: Tally): Promise<void> {
  const { file, tabId } = await openFile(h, `ai-crash-${round}.md`, BASE);
  // every other round the crash may land between the journal's record and apply steps
  await injectFaults(h.page, { recordDelayMs: round % 2 ? 120 : 0 });
  let crashed = false;
  const writes = appendUntilFault(h.ai, tabId, BASE, `crash ${round} write`, () => crashed);
  await sleep(anywhereIn(300, 2_000));
  await crashRenderer(h, h.page);
  crashed = true;
  const run = await writes;
  h.page = await openWindow(h);
  const offered = (await takeOffered(h.page)).filter((b) => b.filePath === file).map((b) => b.content);
  const onDisk = fs.readFileSync(file, 'utf8');
  const recovered = [onDisk, ...(await journaledTexts(h.page, file)), ...offered];
  t.rounds++;
  t.durableWrites += run.acknowledged.filter((w) => w.durable).length;
  t.writesLost += new Set([...lostWrites(run.acknowledged, recovered), ...lostSaves(run.acknowledged, onDisk)]).size;
  t.duplicated += recovered.reduce((n, text) => n + duplicatedLines(text).length, 0);
  if (!saysWhatToDo(run.refusal)) {
    t.refusalsWithoutNextStep++;
    console.log(`  ${t.fault}: a refusal without a next step: ${String(run.refusal)}`);
  }
  const recoveredIn = await untilRecovered(h.ai);
  if (recoveredIn !== null) t.recoveryMs.push(recoveredIn);
  if (recoveredIn === null || !(await nextCallWorks(h, file))) t.nextCallFailed++;
}

import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../../tests/e2e/support/stack';
import { journalEntries } from '../../tests/e2e/support/journal';
import { appendUntilFault, logWrites, lostSaves, lostWrites, untilRecovered } from './aiWrites';
import type { Tally } from './figures';
import { anywhereIn, countKeystrokes, LOG_ROUNDS, openFile, openWindow, typeUntil, type Harness, type Typed } from './harness';
import { duplicatedLines, journaledTexts, takeOffered } from './recovered';

const BASE = 'saved\n';

/** The pid of the Chromium browser process running `profile` (not one of its helpers). */
function browserPid(profile: string): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes(`--user-data-dir=${profile}`) && !args.some((a) => a.startsWith('--type='))) return Number(entry);
  }
  throw new Error(`no browser process runs ${profile}`);
}

/**
 * The whole browser is killed (SIGKILL of its main process) while the person types in one tab and
 * the AI writes to another; it is started again on the same profile, as a person would.
 */
export async function killBrowser(h: Harness, round: number, t: Tally, windowMs: number): Promise<void> {
  const title = `browser-typing-${round}`;
  const typedFile = (await openFile(h, `${title}.md`, BASE, true)).file;
  const { file, tabId } = await openFile(h, `browser-ai-${round}.md`, BASE);
  const profile = path.join(h.stack.root, 'profile');
  const typed: Typed = { text: '', at: [] };
  const killAfter = Date.now() + anywhereIn(1_500, 4_000);
  let killed = false;
  const writes = appendUntilFault(h.ai, tabId, BASE, `browser ${round} write`, () => killed);
  await typeUntil(h.page, () => Date.now() >= killAfter, typed);
  const faultAt = Date.now();
  const closed = new Promise((resolve) => h.context.once('close', resolve));
  process.kill(browserPid(profile), 'SIGKILL');
  killed = true;
  await closed;
  const run = await writes;

  h.context = await launchBrowser(profile, h.stack.env);
  h.page = h.context.pages()[0] ?? (await h.context.newPage());
  const opened = await openWindow(h);
  await h.page.close();
  h.page = opened;
  const offered = await takeOffered(h.page, [title]);
  const typedBack = offered.find((b) => b.filePath === typedFile)?.content ?? '';
  t.rounds++;
  countKeystrokes(t, typed, typedBack.startsWith(BASE) ? typedBack.slice(BASE.length) : '', faultAt, windowMs);
  if (fs.readFileSync(typedFile, 'utf8') !== BASE) t.garbled++;

  const onDisk = fs.readFileSync(file, 'utf8');
  const journaled = await journaledTexts(h.page, file);
  const offeredBack = offered.filter((b) => b.filePath === file).map((b) => b.content);
  const recovered = [onDisk, ...journaled, ...offeredBack];
  const lost = new Set([...lostWrites(run.acknowledged, recovered), ...lostSaves(run.acknowledged, onDisk)]);
  t.durableWrites += run.acknowledged.filter((w) => w.durable).length;
  t.writesLost += lost.size;
  if (LOG_ROUNDS || lost.size > 0) {
    const places: [string, string][] = [['disk', onDisk], ...journaled.map((j): [string, string] => ['journal', j]), ...offeredBack.map((o): [string, string] => ['offered', o])];
    logWrites(`${t.fault} round ${round + 1}`, run, faultAt, places, lost);
  }
  if (lost.size > 0) {
    const entries = await journalEntries(h.page, file);
    console.log(`    journal entries: ${JSON.stringify(entries.map((e) => [e.state, e.contentAfter?.split('\n').length ?? null]))}`);
    console.log(`    offered (every file): ${JSON.stringify(offered.map((b) => [b.title, b.content.split('\n').length]))}`);
  }
  t.duplicated += recovered.reduce((n, text) => n + duplicatedLines(text).length, 0);
  const recoveredIn = await untilRecovered(h.ai, 60_000);
  if (recoveredIn !== null) t.recoveryMs.push(recoveredIn);
  const next = recoveredIn === null ? null : await h.ai.call('workspace', { action: 'open', filePath: file });
  if (!next || next.isError) t.nextCallFailed++;
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { connectAi, textOf } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { tally, type Tally } from './figures';
import { openFile, ROUNDS, type Harness } from './harness';
import { journaledTexts } from './recovered';

/**
 * Run by run.ts inside a mount namespace of its own (`unshare -m`): the native workspace folder is a
 * 1 MB tmpfs that exists only for this process and its children (the browser and the host it
 * starts), so it can be filled up or remounted read-only in the middle of a save. Prints its tallies
 * as one JSON line for run.ts.
 */

const BASE = 'saved\n';

/** Fills the filesystem of `dir` to the last byte with a filler file. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler.bin');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(4096, 120);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    for (let size = 2048; size >= 1; size = Math.floor(size / 2)) {
      try {
        for (;;) fs.writeSync(fd, chunk.subarray(0, size));
      } catch {
        /* full at this size */
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

const leftovers = (dir: string, name: string) => fs.readdirSync(dir).filter((f) => f.startsWith(`.${name}.vmark-`)).length;

interface SaveAnswer {
  applied?: boolean;
  durable?: boolean;
  saved?: boolean;
  save_error?: string;
}

/** One save that the disk refuses (`breakDisk`), then the next one after `mendDisk`. */
async function saveRound(h: Harness, name: string, t: Tally, breakDisk: () => void, mendDisk: () => void): Promise<void> {
  const { file, tabId } = await openFile(h, name, BASE);
  const content = `${BASE}${'the AI wrote this line, and it must not be lost\n'.repeat(200)}`;
  breakDisk();
  let answer: SaveAnswer = {};
  try {
    const result = await h.ai.call('document', { action: 'write', tabId, content, save: true });
    answer = result.isError ? {} : (JSON.parse(textOf(result)) as SaveAnswer);
    if (result.isError) console.log(`  ${name}: refused: ${textOf(result)}`);
    else if (answer.saved !== true && !answer.save_error) t.refusalsWithoutNextStep++;
  } finally {
    mendDisk();
  }
  t.rounds++;
  const onDisk = fs.readFileSync(file, 'utf8');
  // the file holds the old text or the whole new one, never a part
  if (onDisk !== BASE && onDisk !== content) t.garbled++;
  t.leftovers += leftovers(path.dirname(file), name);
  if (answer.applied && answer.durable) {
    t.durableWrites++;
    const read = await h.ai.ok<{ content: string }>('document', { action: 'read', tabId });
    const kept = [read.content, onDisk, ...(await journaledTexts(h.page, file))];
    if (!kept.includes(content)) t.writesLost++;
    if (answer.saved && onDisk !== content) t.writesLost++;
  }
  const next = await h.ai.call('document', { action: 'write', tabId, content: `${content}after the disk came back\n`, save: true });
  const nextAnswer = next.isError ? {} : (JSON.parse(textOf(next)) as SaveAnswer);
  if (nextAnswer.saved !== true || fs.readFileSync(file, 'utf8') !== `${content}after the disk came back\n`) t.nextCallFailed++;
}

async function main(): Promise<void> {
  const stack = await startStack();
  const ai = await connectAi(stack.env);
  const h: Harness = { stack, ai, context: stack.context, page: stack.page };
  const full = tally('disk full during a save');
  const readOnly = tally('file system read-only during a save');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0755', 'vmark-bench-faults', stack.workspace]);
    for (let round = 0; round < ROUNDS; round++) {
      let filler = '';
      await saveRound(h, `full-${round}.md`, full, () => (filler = fill(stack.workspace)), () => fs.rmSync(filler, { force: true }));
      await saveRound(
        h,
        `readonly-${round}.md`,
        readOnly,
        () => execFileSync('mount', ['-o', 'remount,ro', stack.workspace]),
        () => execFileSync('mount', ['-o', 'remount,rw', stack.workspace]),
      );
    }
  } finally {
    await ai.close();
    execFileSync('umount', ['-l', stack.workspace]);
    await stack.close();
  }
  console.log(`FAULTS-JSON ${JSON.stringify([full, readOnly])}`);
}

await main();

// A call waiting on a part that goes away ends at once with a refusal that says what happened and
// what to do next, instead of running into a hop's timeout (60 s and more). The write is held in the
// editor page by the journal's recording delay (the test seam window.vmarkDebug.journal.faults).

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from '@playwright/test';
import { injectFaults, journalEntries } from './support/journal';
import { connectAi, textOf, type Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

/** Far beyond the ~1 s the refusal needs, far below the 45 s hold and the 60 s editor hop. */
const ENDS_WELL_BEFORE_MS = 10_000;
const HOLD_MS = 45_000;

let stack: Stack;
let ai: Ai;

test.describe.configure({ mode: 'serial' });
useSharedStack({}, async (shared) => {
  stack = shared.stack;
  ai = await shared.connectAi();
});

/** Opens a fresh file in `page`'s window and starts a write that the page holds; resolves once the page holds it. */
async function holdWrite(page: Page, name: string): Promise<{ file: string; answer: Promise<{ text: string; isError: boolean; at: number }> }> {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, 'before\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await injectFaults(page, { recordDelayMs: HOLD_MS });
  const answer = ai.call('document', { action: 'write', tabId, content: 'after\n' }).then((result) => ({ text: textOf(result), isError: result.isError === true, at: Date.now() }));
  await expect.poll(async () => (await journalEntries(page, file)).map((e) => e.state)).toEqual(['recorded']);
  return { file, answer };
}

const hostPid = (): number => (JSON.parse(fs.readFileSync(path.join(stack.env.VMARK_RUNTIME_DIR as string, 'host.json'), 'utf8')) as { pid: number }).pid;

async function mcpWorks(): Promise<void> {
  await expect.poll(async () => (await ai.call('session', { action: 'get_state' })).isError ?? false, { timeout: 20_000 }).toBe(false);
}

test('closing the editor window in the middle of a call ends the call at once with a refusal that says to check the state and retry', async () => {
  const { file, answer } = await holdWrite(stack.page, 'window.md');
  const closedAt = Date.now();
  await stack.page.close();
  const result = await answer;
  expect(result.isError).toBe(true);
  expect(result.text).toMatch(/Editor window "main" closed while document\.write was running, so its effect is unknown\. Call session\.get_state/);
  expect(result.at - closedAt).toBeLessThan(ENDS_WELL_BEFORE_MS);
  expect(fs.readFileSync(file, 'utf8')).toBe('before\n');
});

test('the host going away in the middle of a write ends the call at once: its effect is unknown, read before retrying', async () => {
  const page = await stack.openEditorWindow();
  await mcpWorks();
  const { answer } = await holdWrite(page, 'host.md');
  const killedAt = Date.now();
  process.kill(hostPid(), 'SIGKILL');
  const result = await answer;
  expect(result.isError).toBe(true);
  expect(result.text).toMatch(/The VMark host went away while the call was running, so its effect is unknown\. Read the current state before retrying/);
  expect(result.at - killedAt).toBeLessThan(ENDS_WELL_BEFORE_MS);
  // the extension starts a new host, and the same MCP client reaches the editor through it
  await mcpWorks();
});

test('the extension worker stopping in the middle of a write ends the call at once, and MCP works again after', async () => {
  const page = stack.context.pages().at(-1) as Page;
  await mcpWorks();
  const { answer } = await holdWrite(page, 'worker.md');
  const cdp = await stack.context.newCDPSession(page);
  const stoppedAt = Date.now();
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const result = await answer;
  expect(result.isError).toBe(true);
  expect(result.text).toMatch(/went away while the call was running, so its effect is unknown/);
  expect(result.at - stoppedAt).toBeLessThan(ENDS_WELL_BEFORE_MS);
  await mcpWorks();
});

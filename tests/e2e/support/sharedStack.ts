import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
/// <reference types="chrome" />
import { expect, test } from '@playwright/test';
import { connectAi, type Ai } from './mcpClient';
import { VMARK } from './paths';
import { startStack, type Stack, type StackOptions } from './stack';

/** What a spec's set-up gets: the started stack, and ways to start more that close with it. */
export interface SharedStack {
  readonly stack: Stack;
  /** The AI: an MCP SDK client through `vmark mcp` (`connectAi`). */
  connectAi(extraArgs?: string[], name?: string): Promise<Ai>;
  /** An AI with a credential of its own, started as `vmark connect <client>` configures it (e.g. `cursor`, `claude-code`). */
  connectNamedAi(client: string, name: string): Promise<Ai>;
  /** `resource` (a fixture site, a page lab) is closed after the spec's last test. */
  closeAfter<T extends { close(): unknown }>(resource: T): T;
}

/**
 * One stack for all the tests of a spec, where they cannot interfere (or run in order on purpose):
 * started with `options` before the first test, then `setUp` runs (the spec keeps what it needs);
 * after the last test everything it started is closed, the latest first and the stack last.
 */
export function useSharedStack(options: StackOptions, setUp: (shared: SharedStack) => Promise<void> | void): void {
  const started: Array<{ close(): unknown }> = [];
  const closeAfter = <T extends { close(): unknown }>(resource: T): T => {
    started.push(resource);
    return resource;
  };
  test.beforeAll(async () => {
    const stack = closeAfter(await startStack(options));
    await setUp({
      stack,
      connectAi: async (extraArgs, name) => closeAfter(await connectAi(stack.env, extraArgs, name)),
      async connectNamedAi(client, name) {
        const config = path.join(stack.root, `${client}-mcp.json`);
        execFileSync(process.execPath, [VMARK, 'connect', client, '--config', config], { env: { ...process.env, ...stack.env } });
        const token = (JSON.parse(fs.readFileSync(config, 'utf8')) as { mcpServers: { vmark: { env: { VMARK_MCP_TOKEN: string } } } }).mcpServers.vmark.env.VMARK_MCP_TOKEN;
        return closeAfter(await connectAi({ ...stack.env, VMARK_MCP_TOKEN: token }, [], name));
      },
      closeAfter,
    });
  });
  test.afterAll(async () => {
    for (const resource of started.splice(0).reverse()) await resource.close();
  });
}

/**
 * Ends a test's AI and waits until the AI tabs it held are gone (a closed connection ends its principal,
 * whose tabs the extension then closes), so the next test sees none of them.
 */
export async function closeAiAndItsTabs(stack: Stack, ai: Ai): Promise<void> {
  const state = await ai.ok<{ browserTabs: Array<{ id: string; kind: string }> }>('session', { action: 'get_state' }).catch(() => null);
  const ids = (state?.browserTabs ?? []).filter((t) => t.kind === 'ai').map((t) => Number(t.id.slice('btab-'.length)));
  await ai.close();
  if (ids.length === 0) return;
  const worker = await stack.serviceWorker();
  await expect
    .poll(() => worker.evaluate(async (tabIds) => (await Promise.all(tabIds.map((id) => chrome.tabs.get(id).then(() => id, () => null)))).filter((id) => id !== null), ids))
    .toEqual([]);
}

/**
 * Tests on one stack shared by the enclosing `describe` (or file), started with `options` (then `setUp`):
 * each test gets the shared `stack` and an `ai` of its own (a fresh `vmark mcp`: a principal of its own,
 * whose AI tabs, grants and prompts end with it). After each test its AI's tabs are gone and every page
 * the test opened in the browser (its own tabs, popups, prompts) is closed.
 */
export function sharedStackTest(options: StackOptions = {}, setUp?: (shared: SharedStack) => Promise<void> | void) {
  let shared: Stack | undefined;
  useSharedStack(options, async (started) => {
    shared = started.stack;
    await setUp?.(started);
  });
  return test.extend<{ stack: Stack; ai: Ai; closeOpenedPages: void }>({
    stack: async ({}, use) => {
      if (!shared) throw new Error('the shared stack starts in beforeAll');
      await use(shared);
    },
    closeOpenedPages: [
      async ({ stack }, use) => {
        const before = new Set(stack.context.pages());
        await use();
        for (const page of stack.context.pages()) if (!before.has(page)) await page.close().catch(() => undefined);
      },
      { auto: true },
    ],
    ai: async ({ stack }, use) => {
      const ai = await connectAi(stack.env);
      await use(ai);
      await closeAiAndItsTabs(stack, ai);
    },
  });
}

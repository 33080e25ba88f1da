import { test } from '@playwright/test';
import type { Page } from 'playwright-core';
import type { Ai } from './mcpClient';
import { useSharedStack } from './sharedStack';
import type { Stack, StackOptions } from './stack';

/** The ids of every tab in every editor window, as `session.get_state` reports them. */
export async function tabIds(ai: Ai): Promise<Set<string>> {
  const state = await ai.ok<{ windows: { tabs: { id: string }[] }[] }>('session', { action: 'get_state' });
  return new Set(state.windows.flatMap((window) => window.tabs.map((tab) => tab.id)));
}

/**
 * For specs on a shared stack: after each test, closes (with force, so unsaved changes go) every tab
 * the test opened, so the next test finds the tabs it would find on a fresh stack. `ai` is called
 * in the hooks, so it may return a client the spec's set-up assigns later.
 */
export function closeTabsOpenedByEachTest(ai: () => Ai): void {
  let before = new Set<string>();
  test.beforeEach(async () => {
    before = await tabIds(ai());
  });
  test.afterEach(async () => {
    for (const tabId of await tabIds(ai())) {
      if (!before.has(tabId)) await ai().call('workspace', { action: 'close', tabId, force: true });
    }
  });
}

/**
 * For specs on a shared stack: after each test, puts `key` of the editor page's localStorage back as
 * it was before the test (e.g. `vmark.settings`, which a test may change through the page or the
 * Settings dialog). `page` is called in the hooks, like `ai` above.
 */
export function restoreLocalStorageAfterEachTest(page: () => Page, key: string): void {
  let before: string | null = null;
  test.beforeEach(async () => {
    before = await page().evaluate((key) => localStorage.getItem(key), key);
  });
  test.afterEach(async () => {
    await page().evaluate(({ key, before }) => (before === null ? localStorage.removeItem(key) : localStorage.setItem(key, before)), { key, before });
  });
}

/**
 * One stack for the enclosing `describe` (or file) and one AI connected to it, handed to `take` once
 * started; after each test the tabs it opened are closed (`closeTabsOpenedByEachTest`).
 */
export function useSharedStackAndAi(take: (started: { stack: Stack; ai: Ai }) => void, options: StackOptions = {}): void {
  let ai: Ai | undefined;
  useSharedStack(options, async (shared) => {
    ai = await shared.connectAi();
    take({ stack: shared.stack, ai });
  });
  closeTabsOpenedByEachTest(() => {
    if (!ai) throw new Error('the shared stack starts in beforeAll');
    return ai;
  });
}

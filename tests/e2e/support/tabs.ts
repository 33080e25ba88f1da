import { test } from '@playwright/test';
import type { Ai } from './mcpClient';

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

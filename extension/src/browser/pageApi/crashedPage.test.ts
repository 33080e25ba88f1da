import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageCrashed, pageCrashedRefusal } from './crashedPage';

afterEach(() => vi.unstubAllGlobals());

// chrome.tabs is the boundary faked here: the states are the ones Chromium reported in tests/e2e/hostilePages.spec.ts
function tabsGet(tab: Partial<chrome.tabs.Tab> | Error) {
  vi.stubGlobal('chrome', { tabs: { get: async () => (tab instanceof Error ? Promise.reject(tab) : tab) } });
}

describe('pageCrashed', () => {
  it('SEC a tab Chromium reports unloaded and not discarded has a crashed page', async () => {
    tabsGet({ status: 'unloaded', discarded: false });
    expect(await pageCrashed(1)).toBe(true);
  });

  it('SEC a loading, loaded, discarded or closed tab is not a crashed page', async () => {
    const tabs: Partial<chrome.tabs.Tab>[] = [{ status: 'loading', discarded: false }, { status: 'complete', discarded: false }, { status: 'unloaded', discarded: true }];
    for (const tab of tabs) {
      tabsGet(tab);
      expect(await pageCrashed(1), JSON.stringify(tab)).toBe(false);
    }
    tabsGet(new Error('No tab with id: 1.'));
    expect(await pageCrashed(1)).toBe(false);
  });
});

describe('pageCrashedRefusal', () => {
  it('SEC ERR-04 says what happened and what brings the tab back: navigate for an AI tab, a reload by the person for theirs', () => {
    const ai = pageCrashedRefusal({ kind: 'ai', tabId: 'btab-1' });
    expect(ai).toMatchObject({ kind: 'refusal' });
    expect(JSON.stringify(ai)).toContain('PAGE_CRASHED');
    expect(JSON.stringify(ai)).toMatch(/crashed.*browser\.navigate on this tabId.*browser\.open/);
    expect(JSON.stringify(pageCrashedRefusal({ kind: 'person', tabId: 'btab-2' }))).toMatch(/crashed.*ask the user to reload it/);
  });
});

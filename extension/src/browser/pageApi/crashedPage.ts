import type { CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import type { Target } from '../resolveTarget';

/**
 * Whether the tab's renderer is gone (Chromium's "sad tab"): chrome.tabs reports such a tab as
 * `unloaded` without `discarded`, and every script or capture in it fails with a misleading
 * host-permission error until it is navigated again.
 */
export async function pageCrashed(chromeTabId: number): Promise<boolean> {
  try {
    const tab = await chrome.tabs.get(chromeTabId);
    return tab.status === 'unloaded' && !tab.discarded;
  } catch {
    return false;
  }
}

/** The refusal for a tab whose page crashed, with what brings it back. */
export function pageCrashedRefusal(target: Pick<Target, 'kind' | 'tabId'>): CallOutcome {
  const next =
    target.kind === 'ai'
      ? 'load it again with browser.navigate on this tabId, or open a new tab with browser.open'
      : 'ask the user to reload it, then repeat the call';
  return refuse('PAGE_CRASHED', `The page in tab ${target.tabId} crashed (its renderer is gone), so it cannot be read or used; ${next}`, { tabId: target.tabId });
}

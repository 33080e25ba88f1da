import { loadBrowserState, updateBrowserState } from '../state/browserState';
import type { Posture } from '../settings';

async function windowExists(windowId: number | null): Promise<boolean> {
  if (windowId === null) return false;
  try {
    await chrome.windows.get(windowId);
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh blank tab for an AI tab to be: in the Sandbox window (created on demand, not focused, so
 * the person keeps typing where they were) or, for Shared profile, in the person's last focused
 * window. It starts blank so that its network rules are in place before its first request.
 */
export async function createBlankAiTab(posture: Posture): Promise<chrome.tabs.Tab> {
  if (posture === 'sandbox') {
    const { sandboxWindowId } = await loadBrowserState();
    if (await windowExists(sandboxWindowId)) {
      return chrome.tabs.create({ windowId: sandboxWindowId as number, url: 'about:blank', active: true });
    }
    const created = await chrome.windows.create({ url: 'about:blank', focused: false, type: 'normal' });
    await updateBrowserState((state) => {
      state.sandboxWindowId = created?.id ?? null;
    });
    const tab = created?.tabs?.[0];
    if (!tab) throw new Error('The Sandbox window opened without a tab');
    return tab;
  }
  let windowId: number | undefined;
  try {
    windowId = (await chrome.windows.getLastFocused({ windowTypes: ['normal'] })).id;
  } catch {
    windowId = undefined;
  }
  if (windowId === undefined) {
    const created = await chrome.windows.create({ url: 'about:blank', focused: false, type: 'normal' });
    const tab = created?.tabs?.[0];
    if (!tab) throw new Error('The window opened without a tab');
    return tab;
  }
  return chrome.tabs.create({ windowId, url: 'about:blank', active: true });
}

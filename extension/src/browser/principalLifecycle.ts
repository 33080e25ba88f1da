import { loadBrowserState, updateBrowserState } from './state/browserState';
import { recordHost, removePrincipal } from './state/principals';
import { syncNetworkRules } from './tabs/networkRules';

/**
 * An AI principal's browser state ends when its MCP connection closes (or its orphan expires): its AI tabs are
 * transient, so they close, and with them the Sandbox tabs' cookie-less state; its approvals go.
 */
export async function endPrincipal(principalKey: string): Promise<void> {
  const { tabIds, promptWindows } = await removePrincipal(principalKey);
  await syncNetworkRules();
  for (const windowId of promptWindows) void chrome.windows.remove(windowId).catch(() => undefined);
  if (tabIds.length > 0) await chrome.tabs.remove(tabIds).catch(() => undefined);
}

export async function onConnectionClosed(connectionId: string): Promise<void> {
  if ((await loadBrowserState()).principals[connectionId]) await endPrincipal(connectionId);
}

export function onHostInfo(pid: number): Promise<void> {
  return recordHost(pid);
}

/** The browser tools were switched off: no attachment or pending prompt outlives that. */
export async function onBrowserDisabled(): Promise<void> {
  const popups = await updateBrowserState((state) => {
    state.attachments = {};
    state.navigateOnce = [];
    state.profileOnce = [];
    const windows = Object.values(state.prompts).map((p) => p.popupWindowId).filter((id): id is number => id !== null);
    state.prompts = {};
    return windows;
  });
  for (const windowId of popups) void chrome.windows.remove(windowId).catch(() => undefined);
}

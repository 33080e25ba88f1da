import { loadBrowserState, updateBrowserState, type BrowserState } from '../state/browserState';
import { syncNetworkRules } from './networkRules';

/** Forgets a tab everywhere; returns the approval popups that asked about it. */
export function forgetTab(state: BrowserState, chromeTabId: number): number[] {
  delete state.aiTabs[String(chromeTabId)];
  for (const [key, attachment] of Object.entries(state.attachments)) {
    if (attachment.chromeTabId === chromeTabId) delete state.attachments[key];
  }
  for (const aiPrincipal of Object.values(state.principals)) {
    if (aiPrincipal.currentTabId === chromeTabId) aiPrincipal.currentTabId = null;
  }
  state.navigateOnce = state.navigateOnce.filter((o) => o.chromeTabId !== chromeTabId);
  state.operationOnce = state.operationOnce.filter((o) => o.chromeTabId !== chromeTabId);
  const popups: number[] = [];
  for (const [id, prompt] of Object.entries(state.prompts)) {
    if (prompt.chromeTabId !== chromeTabId) continue;
    if (prompt.popupWindowId !== null) popups.push(prompt.popupWindowId);
    delete state.prompts[id];
  }
  return popups;
}

export async function onTabRemoved(chromeTabId: number): Promise<void> {
  const { popups, wasAi } = await updateBrowserState((state) => {
    const isAi = String(chromeTabId) in state.aiTabs;
    return { popups: forgetTab(state, chromeTabId), wasAi: isAi };
  });
  for (const windowId of popups) void chrome.windows.remove(windowId).catch(() => undefined);
  if (wasAi) await syncNetworkRules();
}

/** Prerendering can swap a tab for a new one with a new id; an AI tab stays AI-owned. */
export async function onTabReplaced(addedTabId: number, removedTabId: number): Promise<void> {
  const moved = await updateBrowserState((state) => {
    const tab = state.aiTabs[String(removedTabId)];
    if (!tab) return false;
    delete state.aiTabs[String(removedTabId)];
    state.aiTabs[String(addedTabId)] = { ...tab, chromeTabId: addedTabId };
    for (const aiPrincipal of Object.values(state.principals)) {
      if (aiPrincipal.currentTabId === removedTabId) aiPrincipal.currentTabId = addedTabId;
    }
    return true;
  });
  if (moved) await syncNetworkRules();
}

/**
 * A tab opened from an AI tab (a link the person middle-clicked, a page's window.open) is not an
 * AI tab: Chrome would put it into the AI group, which must mark only tabs the AI drives.
 */
export async function onTabCreated(tab: chrome.tabs.Tab): Promise<void> {
  if (tab.id === undefined || tab.openerTabId === undefined || tab.groupId === -1) return;
  const state = await loadBrowserState();
  if (state.aiTabs[String(tab.openerTabId)] && !state.aiTabs[String(tab.id)]) await chrome.tabs.ungroup(tab.id);
}

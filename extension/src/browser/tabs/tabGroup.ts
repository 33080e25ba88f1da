import { loadBrowserState, updateBrowserState, type AiPrincipal } from '../state/browserState';

export const GROUP_TITLE_PREFIX = 'AI · ';
const MAX_CLIENT_NAME_CHARS = 40;

export function groupTitle(clientName: string): string {
  return `${GROUP_TITLE_PREFIX}${clientName.slice(0, MAX_CLIENT_NAME_CHARS)}`;
}

async function groupInWindow(groupId: number | null, windowId: number): Promise<number | null> {
  if (groupId === null) return null;
  try {
    return (await chrome.tabGroups.get(groupId)).windowId === windowId ? groupId : null;
  } catch {
    return null;
  }
}

/**
 * Puts an AI tab into its AI principal's group ("AI · <client>", the principal's colour), so the person
 * always sees which tabs the AI drives. A group lives in one window; a principal with tabs in a
 * second window gets a second group there.
 */
export async function addToPrincipalGroup(aiPrincipal: AiPrincipal, chromeTabId: number, windowId: number): Promise<void> {
  // The stored group, not the caller's snapshot: a concurrent open may have made it meanwhile.
  const groupId = (await loadBrowserState()).principals[aiPrincipal.key]?.groupId ?? aiPrincipal.groupId;
  const existing = await groupInWindow(groupId, windowId);
  if (existing !== null) {
    await chrome.tabs.group({ groupId: existing, tabIds: [chromeTabId] });
    return;
  }
  const created = await chrome.tabs.group({ tabIds: [chromeTabId], createProperties: { windowId } });
  await chrome.tabGroups.update(created, { title: groupTitle(aiPrincipal.clientName), color: aiPrincipal.color, collapsed: false });
  await updateBrowserState((state) => {
    const stored = state.principals[aiPrincipal.key];
    if (stored) stored.groupId = created;
  });
}

/**
 * After a browser restart the stored registry is gone but restored windows may still show old AI
 * groups: hand those tabs back to the person, ungrouped (AI tabs are never restored as AI tabs).
 */
export async function releaseStaleGroups(): Promise<void> {
  const groups = await chrome.tabGroups.query({});
  for (const group of groups) {
    if (!group.title?.startsWith(GROUP_TITLE_PREFIX)) continue;
    const tabs = await chrome.tabs.query({ groupId: group.id });
    const ids = tabs.map((t) => t.id).filter((id): id is number => id !== undefined);
    if (ids.length > 0) await chrome.tabs.ungroup(ids as [number, ...number[]]);
  }
}

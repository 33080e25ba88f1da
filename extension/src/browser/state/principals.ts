import type { Principal } from '@vmark/shared';
import { updateBrowserState, type BrowserState, type AiPrincipal } from './browserState';

const GROUP_COLORS: `${chrome.tabGroups.Color}`[] = ['purple', 'cyan', 'orange', 'pink', 'blue', 'green', 'yellow', 'red', 'grey'];
/** An AI principal whose host went away and that no reconnecting client claimed is ended after this. */
export const ORPHAN_TTL_MS = 10 * 60_000;
/**
 * How stale an AI principal's lastUsedAt may get before a read-only caller (session.get_state) refreshes
 * it through principalFor: orphan adoption and expiry go by it in minutes, and a write on every read
 * would make the lightest call pay two more storage round trips.
 */
export const PRINCIPAL_TOUCH_MS = 10_000;

function pickColor(state: BrowserState): `${chrome.tabGroups.Color}` {
  const used = new Set(Object.values(state.principals).map((s) => s.color));
  return GROUP_COLORS.find((c) => !used.has(c)) ?? GROUP_COLORS[Object.keys(state.principals).length % GROUP_COLORS.length]!;
}

function isOrphan(aiPrincipal: AiPrincipal, state: BrowserState): boolean {
  return aiPrincipal.orphanedAt !== null || (state.hostPid !== null && aiPrincipal.hostPid !== state.hostPid);
}

/** Moves an AI principal and everything keyed by it to a new connection id. */
function rekey(state: BrowserState, from: string, to: string): void {
  const aiPrincipal = state.principals[from]!;
  delete state.principals[from];
  state.principals[to] = { ...aiPrincipal, key: to };
  for (const tab of Object.values(state.aiTabs)) if (tab.principalKey === from) tab.principalKey = to;
  for (const [key, attachment] of Object.entries(state.attachments)) {
    if (attachment.principalKey !== from) continue;
    delete state.attachments[key];
    state.attachments[`${attachment.chromeTabId}:${to}`] = { ...attachment, principalKey: to };
  }
  for (const prompt of Object.values(state.prompts)) if (prompt.principalKey === from) prompt.principalKey = to;
  for (const once of state.navigateOnce) if (once.principalKey === from) once.principalKey = to;
  for (const once of state.profileOnce) if (once.principalKey === from) once.principalKey = to;
  for (const grant of state.siteGrants) if (grant.principalKey === from) grant.principalKey = to;
  for (const once of state.operationOnce) if (once.principalKey === from) once.principalKey = to;
}

/**
 * The AI principal (browser state) of an MCP connection. A worker stop ends the host, so the client comes back
 * with a new connection id; it then adopts the orphaned AI principal of the same client name, tabs
 * and all. Returns the principals that expired unclaimed, for the caller to tear down.
 */
export function principalFor(principal: Principal): Promise<{ aiPrincipal: AiPrincipal; expired: string[]; state: BrowserState }> {
  return updateBrowserState((state) => {
    const now = Date.now();
    let aiPrincipal = state.principals[principal.connectionId];
    if (!aiPrincipal) {
      const orphan = Object.values(state.principals)
        .filter((s) => s.clientName === principal.clientName && isOrphan(s, state))
        .sort((a, b) => b.lastUsedAt - a.lastUsedAt)[0];
      if (orphan) rekey(state, orphan.key, principal.connectionId);
      else {
        state.principals[principal.connectionId] = {
          key: principal.connectionId,
          clientName: principal.clientName,
          hostPid: state.hostPid,
          groupId: null,
          color: pickColor(state),
          currentTabId: null,
          navigateGrants: [],
          lastUsedAt: now,
          orphanedAt: null,
        };
      }
      aiPrincipal = state.principals[principal.connectionId]!;
    }
    aiPrincipal.hostPid = state.hostPid;
    aiPrincipal.orphanedAt = null;
    aiPrincipal.lastUsedAt = now;
    const expired = Object.values(state.principals)
      .filter((s) => s.key !== aiPrincipal.key && isOrphan(s, state) && now - (s.orphanedAt ?? s.lastUsedAt) > ORPHAN_TTL_MS)
      .map((s) => s.key);
    return { aiPrincipal: { ...aiPrincipal }, expired, state };
  });
}

/**
 * The caller's AI principal as a state read (no write) shows it, when principalFor would change
 * nothing but lastUsedAt and that is recent; null otherwise (call principalFor).
 */
export function currentPrincipal(state: BrowserState, principal: Principal, now = Date.now()): AiPrincipal | null {
  const aiPrincipal = state.principals[principal.connectionId];
  if (!aiPrincipal || isOrphan(aiPrincipal, state) || aiPrincipal.hostPid !== state.hostPid) return null;
  return now - aiPrincipal.lastUsedAt <= PRINCIPAL_TOUCH_MS ? aiPrincipal : null;
}

/** A new host: every AI principal it did not carry is now an orphan waiting for its client. */
export function recordHost(pid: number): Promise<void> {
  return updateBrowserState((state) => {
    state.hostPid = pid;
    for (const aiPrincipal of Object.values(state.principals)) if (aiPrincipal.hostPid !== pid) aiPrincipal.orphanedAt ??= Date.now();
  });
}

/** Removes an AI principal and its approvals; returns the AI tabs it owned, for the caller to close. */
export function removePrincipal(principalKey: string): Promise<{ tabIds: number[]; promptWindows: number[] }> {
  return updateBrowserState((state) => {
    delete state.principals[principalKey];
    const tabIds = Object.values(state.aiTabs).filter((t) => t.principalKey === principalKey).map((t) => t.chromeTabId);
    for (const id of tabIds) delete state.aiTabs[String(id)];
    for (const [key, attachment] of Object.entries(state.attachments)) if (attachment.principalKey === principalKey) delete state.attachments[key];
    const promptWindows: number[] = [];
    for (const [id, prompt] of Object.entries(state.prompts)) {
      if (prompt.principalKey !== principalKey) continue;
      if (prompt.popupWindowId !== null) promptWindows.push(prompt.popupWindowId);
      delete state.prompts[id];
    }
    state.navigateOnce = state.navigateOnce.filter((o) => o.principalKey !== principalKey);
    state.profileOnce = state.profileOnce.filter((o) => o.principalKey !== principalKey);
    state.siteGrants = state.siteGrants.filter((g) => g.principalKey !== principalKey);
    state.operationOnce = state.operationOnce.filter((o) => o.principalKey !== principalKey);
    return { tabIds, promptWindows };
  });
}

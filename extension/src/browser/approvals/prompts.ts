import { openWindow } from '../tabs/openWindow';
import { toBrowserTabId } from '../tabs/tabIds';
import { attachmentKey, loadBrowserState, updateBrowserState, type BrowserState, type Prompt, type PromptKind, type SessionRecord } from '../state/browserState';
import { redactUrl } from '../safety/pageFacts';

/**
 * Approval prompts for the person: an extension page (approval.html) in a small popup window, so
 * nothing from the asking page can draw over it or click it. A call never waits for a decision:
 * it is refused with NOT_GRANTED, and the agent's retry finds the approval.
 */
export type Decision = 'once' | 'until-navigation' | 'site' | 'deny';

export interface PromptView {
  kind: PromptKind;
  clientName: string;
  tabId: string;
  url: string;
  origin: string;
  pageTitle: string;
}

export type PromptMessage =
  | { type: 'vmark.prompt.get'; id: string }
  | { type: 'vmark.prompt.decide'; id: string; decision: Decision };

const POPUP_SIZE = { width: 460, height: 360 };

interface ApprovalRequest {
  kind: PromptKind;
  session: SessionRecord;
  chromeTabId: number;
  url: string;
  origin: string;
  pageTitle: string;
}

/** Opens (or brings forward) the prompt for this request; one prompt per session, tab, kind and origin. */
export async function requestApproval(request: ApprovalRequest): Promise<void> {
  const state = await loadBrowserState();
  const same = Object.values(state.prompts).find(
    (p) => p.kind === request.kind && p.sessionKey === request.session.key && p.chromeTabId === request.chromeTabId && p.origin === request.origin,
  );
  if (same && (await openWindow(same.popupWindowId)) !== null) {
    await chrome.windows.update(same.popupWindowId as number, { focused: true }).catch(() => undefined);
    return;
  }
  const id = await updateBrowserState((s) => {
    if (same) delete s.prompts[same.id];
    const promptId = `prompt-${s.nextId++}`;
    s.prompts[promptId] = {
      id: promptId,
      kind: request.kind,
      sessionKey: request.session.key,
      clientName: request.session.clientName,
      chromeTabId: request.chromeTabId,
      url: request.url,
      origin: request.origin,
      pageTitle: request.pageTitle,
      popupWindowId: null,
    };
    return promptId;
  });
  const popup = await chrome.windows.create({ url: chrome.runtime.getURL(`approval.html?prompt=${id}`), type: 'popup', focused: true, ...POPUP_SIZE });
  await updateBrowserState((s) => {
    const prompt = s.prompts[id];
    if (prompt) prompt.popupWindowId = popup?.id ?? null;
  });
}

export async function promptView(id: string): Promise<PromptView | null> {
  const prompt = (await loadBrowserState()).prompts[id];
  if (!prompt) return null;
  const { kind, clientName, url, origin, pageTitle } = prompt;
  return { kind, clientName, tabId: toBrowserTabId(prompt.chromeTabId), url, origin, pageTitle };
}

async function currentUrl(chromeTabId: number): Promise<string | null> {
  try {
    const tab = await chrome.tabs.get(chromeTabId);
    return redactUrl(tab.url ?? '');
  } catch {
    return null;
  }
}

function grant(prompt: Prompt, decision: Decision, tabUrl: string | null): (state: BrowserState) => void {
  return (state) => {
    delete state.prompts[prompt.id];
    if (decision === 'deny' || !state.sessions[prompt.sessionKey]) return;
    if (prompt.kind === 'profile') {
      // spent by the retried open; never a lasting grant
      if (decision === 'once') state.profileOnce.push({ sessionKey: prompt.sessionKey, profile: prompt.origin });
      return;
    }
    if (prompt.kind === 'attach') {
      // Bound to the page the person saw: if the tab moved on, the approval is void.
      if (tabUrl !== prompt.url || decision === 'site') return;
      state.attachments[attachmentKey(prompt.chromeTabId, prompt.sessionKey)] = {
        chromeTabId: prompt.chromeTabId,
        sessionKey: prompt.sessionKey,
        mode: decision,
        url: prompt.url,
      };
      return;
    }
    if (decision === 'site') {
      const session = state.sessions[prompt.sessionKey]!;
      if (!session.navigateGrants.includes(prompt.origin)) session.navigateGrants.push(prompt.origin);
    } else {
      state.navigateOnce.push({ sessionKey: prompt.sessionKey, chromeTabId: prompt.chromeTabId, origin: prompt.origin });
    }
  };
}

export async function decide(id: string, decision: Decision): Promise<boolean> {
  const prompt = (await loadBrowserState()).prompts[id];
  if (!prompt) return false;
  const tabUrl = await currentUrl(prompt.chromeTabId);
  await updateBrowserState(grant(prompt, decision, tabUrl));
  if (prompt.popupWindowId !== null) void chrome.windows.remove(prompt.popupWindowId).catch(() => undefined);
  return true;
}

/** Closing the prompt window is a "deny". */
export async function onWindowRemoved(windowId: number): Promise<void> {
  await updateBrowserState((state) => {
    for (const [id, prompt] of Object.entries(state.prompts)) if (prompt.popupWindowId === windowId) delete state.prompts[id];
  });
}

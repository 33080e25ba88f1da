import { openWindow } from '../tabs/openWindow';
import { toBrowserTabId } from '../tabs/tabIds';
import { attachmentKey, loadBrowserState, updateBrowserState, type BrowserState, type OperationRequest, type Prompt, type PromptKind, type AiPrincipal } from '../state/browserState';
import { mayGrantOnSite } from '../safety/operations';
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
  request?: OperationRequest;
}

export type PromptMessage =
  | { type: 'vmark.prompt.get'; id: string }
  | { type: 'vmark.prompt.decide'; id: string; decision: Decision };

const POPUP_SIZE = { width: 480, height: 460 };

interface ApprovalRequest {
  kind: PromptKind;
  aiPrincipal: AiPrincipal;
  chromeTabId: number;
  url: string;
  origin: string;
  pageTitle: string;
  request?: OperationRequest;
}

/** Opens (or brings forward) the prompt for this request; one prompt per AI principal, tab, kind and origin. */
export async function requestApproval(request: ApprovalRequest): Promise<void> {
  const state = await loadBrowserState();
  const same = Object.values(state.prompts).find(
    (p) => p.kind === request.kind && p.principalKey === request.aiPrincipal.key && p.chromeTabId === request.chromeTabId && p.origin === request.origin,
  );
  // An operation prompt shows one exact request: another element, text or generation replaces it.
  const replaced = same !== undefined && request.kind === 'operation' && (same.request?.binding !== request.request?.binding || same.request?.generation !== request.request?.generation);
  if (replaced && same.popupWindowId !== null) await chrome.windows.remove(same.popupWindowId).catch(() => undefined);
  if (same && !replaced && (await openWindow(same.popupWindowId)) !== null) {
    await chrome.windows.update(same.popupWindowId as number, { focused: true }).catch(() => undefined);
    return;
  }
  const id = await updateBrowserState((s) => {
    if (same) delete s.prompts[same.id];
    const promptId = `prompt-${s.nextId++}`;
    s.prompts[promptId] = {
      id: promptId,
      kind: request.kind,
      principalKey: request.aiPrincipal.key,
      clientName: request.aiPrincipal.clientName,
      chromeTabId: request.chromeTabId,
      url: request.url,
      origin: request.origin,
      pageTitle: request.pageTitle,
      popupWindowId: null,
      ...(request.request ? { request: request.request } : {}),
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
  const { kind, clientName, url, origin, pageTitle, request } = prompt;
  return { kind, clientName, tabId: toBrowserTabId(prompt.chromeTabId), url, origin, pageTitle, ...(request ? { request } : {}) };
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
    if (decision === 'deny' || !state.principals[prompt.principalKey]) return;
    if (prompt.kind === 'profile') {
      // spent by the retried open; never a lasting grant
      if (decision === 'once') state.profileOnce.push({ principalKey: prompt.principalKey, profile: prompt.origin });
      return;
    }
    if (prompt.kind === 'operation') {
      grantOperation(state, prompt, decision);
      return;
    }
    if (prompt.kind === 'attach') {
      // Bound to the page the person saw: if the tab moved on, the approval is void.
      if (tabUrl !== prompt.url || decision === 'site') return;
      state.attachments[attachmentKey(prompt.chromeTabId, prompt.principalKey)] = {
        chromeTabId: prompt.chromeTabId,
        principalKey: prompt.principalKey,
        mode: decision,
        url: prompt.url,
      };
      return;
    }
    if (decision === 'site') {
      const aiPrincipal = state.principals[prompt.principalKey]!;
      if (!aiPrincipal.navigateGrants.includes(prompt.origin)) aiPrincipal.navigateGrants.push(prompt.origin);
    } else {
      state.navigateOnce.push({ principalKey: prompt.principalKey, chromeTabId: prompt.chromeTabId, origin: prompt.origin });
    }
  };
}

/** Bound to the page generation the person saw: if the tab moved on, the answer grants nothing. */
function grantOperation(state: BrowserState, prompt: Prompt, decision: Decision): void {
  const request = prompt.request;
  const tab = state.aiTabs[String(prompt.chromeTabId)];
  if (!request || !tab || tab.generation !== request.generation || tab.origin !== prompt.origin) return;
  const aiPrincipal = state.principals[prompt.principalKey]!;
  if (decision === 'site' && mayGrantOnSite(request.operation)) {
    const exists = state.siteGrants.some((g) => g.principalKey === prompt.principalKey && g.origin === prompt.origin && g.operation === request.operation);
    if (!exists) state.siteGrants.push({ principalKey: prompt.principalKey, clientName: aiPrincipal.clientName, origin: prompt.origin, operation: request.operation, grantedAt: Date.now() });
  } else if (decision === 'once') {
    state.operationOnce.push({ principalKey: prompt.principalKey, chromeTabId: prompt.chromeTabId, generation: request.generation, binding: request.binding });
  }
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

/** Withdraws the operation prompt a workflow run is waiting on: the entry goes, its window closes. */
export async function withdrawOperationPrompt(principalKey: string, chromeTabId: number, binding: string): Promise<void> {
  const windows = await updateBrowserState((state) => {
    const closing: number[] = [];
    for (const [id, prompt] of Object.entries(state.prompts)) {
      if (prompt.kind !== 'operation' || prompt.principalKey !== principalKey || prompt.chromeTabId !== chromeTabId || prompt.request?.binding !== binding) continue;
      delete state.prompts[id];
      if (prompt.popupWindowId !== null) closing.push(prompt.popupWindowId);
    }
    return closing;
  });
  for (const windowId of windows) await chrome.windows.remove(windowId).catch(() => undefined);
}

/** Whether the operation prompt for this binding is still open (not yet answered, closed or withdrawn). */
export async function operationPromptOpen(principalKey: string, chromeTabId: number, binding: string): Promise<boolean> {
  const prompts = Object.values((await loadBrowserState()).prompts);
  return prompts.some((p) => p.kind === 'operation' && p.principalKey === principalKey && p.chromeTabId === chromeTabId && p.request?.binding === binding);
}

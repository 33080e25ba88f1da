import type { CallOutcome } from '@vmark/shared';
import { requestApproval } from './approvals/prompts';
import { redactUrl, safeTitle } from './safety/pageFacts';
import { refuse } from './refusals';
import { attachmentKey, loadBrowserState, type AiTab, type Attachment, type AiPrincipal } from './state/browserState';
import { parseBrowserTabId, toBrowserTabId } from './tabs/tabIds';

export type Target =
  | { kind: 'ai'; chromeTabId: number; tabId: string; tab: AiTab }
  | { kind: 'person'; chromeTabId: number; tabId: string; attachment: Attachment; url: string };

async function chromeTab(chromeTabId: number): Promise<chrome.tabs.Tab | null> {
  try {
    return await chrome.tabs.get(chromeTabId);
  } catch {
    return null;
  }
}

/** Without tabId: the AI principal's current AI tab, else the tab in front of the person. */
async function defaultTabId(aiPrincipal: AiPrincipal): Promise<number | null> {
  const state = await loadBrowserState();
  if (aiPrincipal.currentTabId !== null && state.aiTabs[String(aiPrincipal.currentTabId)]?.principalKey === aiPrincipal.key) return aiPrincipal.currentTabId;
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true, windowType: 'normal' });
  return active?.id ?? null;
}

function notFound(tabId: string | undefined): CallOutcome {
  return refuse(
    'TAB_NOT_FOUND',
    tabId === undefined ? 'No browser tab to use; open one with browser.open' : `No open browser tab has the id ${tabId}`,
    tabId === undefined ? undefined : { tabId },
  );
}

async function resolveChromeTabId(aiPrincipal: AiPrincipal, tabId: string | undefined): Promise<number | CallOutcome> {
  if (tabId === undefined) return (await defaultTabId(aiPrincipal)) ?? notFound(undefined);
  return parseBrowserTabId(tabId) ?? notFound(tabId);
}

/** An AI tab of this AI principal, for actions that never touch a person's tab. */
export async function resolveAiTab(aiPrincipal: AiPrincipal, tabId: string | undefined): Promise<Target | CallOutcome> {
  const id = await resolveChromeTabId(aiPrincipal, tabId);
  if (typeof id !== 'number') return id;
  const tab = (await loadBrowserState()).aiTabs[String(id)];
  const wireId = toBrowserTabId(id);
  if (tab?.principalKey === aiPrincipal.key) return { kind: 'ai', chromeTabId: id, tabId: wireId, tab };
  if (!tab && !(await chromeTab(id))) return notFound(tabId);
  return refuse(
    'TAB_NOT_AI_OWNED',
    tab ? `Tab ${wireId} belongs to another AI connection` : `Tab ${wireId} is the user's tab; this action works only on tabs you opened with browser.open`,
    { tabId: wireId },
  );
}

/**
 * A tab this AI principal may read: its own AI tab, or a person's tab with a live attachment. Without
 * one, a prompt opens for the person and the call is refused with NOT_GRANTED; the retry succeeds
 * once they allow it.
 */
export async function resolveReadable(aiPrincipal: AiPrincipal, tabId: string | undefined, lasting: boolean): Promise<Target | CallOutcome> {
  const id = await resolveChromeTabId(aiPrincipal, tabId);
  if (typeof id !== 'number') return id;
  const state = await loadBrowserState();
  const wireId = toBrowserTabId(id);
  const aiTab = state.aiTabs[String(id)];
  if (aiTab?.principalKey === aiPrincipal.key) return { kind: 'ai', chromeTabId: id, tabId: wireId, tab: aiTab };
  if (aiTab) return refuse('TAB_NOT_AI_OWNED', `Tab ${wireId} belongs to another AI connection`, { tabId: wireId });
  const tab = await chromeTab(id);
  if (!tab) return notFound(tabId);
  const rawUrl = tab.url ?? tab.pendingUrl ?? '';
  if (!/^https?:/.test(rawUrl)) {
    return refuse('URL_BLOCKED', `Tab ${wireId} shows a browser or extension page, which VMark never reads`, { tabId: wireId });
  }
  const url = redactUrl(rawUrl);
  const attachment = state.attachments[attachmentKey(id, aiPrincipal.key)];
  if (attachment && attachment.url === url) {
    if (lasting && attachment.mode === 'once') {
      // The person can upgrade right away: the prompt offers "until the next navigation".
      await requestApproval({ kind: 'attach', aiPrincipal, chromeTabId: id, url, origin: new URL(rawUrl).origin, pageTitle: safeTitle(tab.title) });
      return refuse('ATTACHMENT_ONCE_INSUFFICIENT', `Tab ${wireId} is attached for one read only; waiting needs many reads`, {
        tabId: wireId,
        mode: 'once',
        needed: 'until-navigation',
      });
    }
    return { kind: 'person', chromeTabId: id, tabId: wireId, attachment, url };
  }
  await requestApproval({ kind: 'attach', aiPrincipal, chromeTabId: id, url, origin: new URL(rawUrl).origin, pageTitle: safeTitle(tab.title) });
  return refuse('NOT_GRANTED', `Tab ${wireId} is the user's tab: they have to allow VMark to attach to it. A prompt is open in the browser; repeat the same call once they allow it`, {
    tabId: wireId,
    needsApproval: true,
    approval: 'attach',
    options: ['once', 'until-navigation'],
  });
}

const OUTCOME_KINDS = new Set(['ok', 'domain', 'refusal', 'text']);

export function isOutcome(value: Target | CallOutcome): value is CallOutcome {
  return OUTCOME_KINDS.has(value.kind);
}

import type { Gate } from '../../page/types';
import { callPage, injectConsoleShim } from '../pageApi/callPage';
import { wakeRecorder } from '../recording/recordings';
import { aiTabIds } from '../state/aiTabCache';
import { updateBrowserState, type AiTab, type BrowserState } from '../state/browserState';
import { originOf, redactUrl, tabTitle } from '../safety/pageFacts';
import { runningTicket } from './tickets';

type NavDetails = { tabId: number; frameId: number; url: string };

const isBlank = (url: string): boolean => url === 'about:blank' || url.startsWith('about:blank#');

/** Any navigation of a person's tab ends every attachment to it ("until the next navigation"). */
function dropAttachments(state: BrowserState, chromeTabId: number): void {
  for (const [key, attachment] of Object.entries(state.attachments)) {
    if (attachment.chromeTabId === chromeTabId) delete state.attachments[key];
  }
}

/**
 * A new view in a tab: the person's attachments to it end; an AI tab's generation goes up (its
 * refs and approvals lapse) and it takes the new URL. Returns the AI tab, if it is one.
 */
function startNewView(state: BrowserState, details: NavDetails): AiTab | undefined {
  dropAttachments(state, details.tabId);
  const tab = state.aiTabs[String(details.tabId)];
  if (!tab) return undefined;
  tab.generation++;
  tab.url = redactUrl(details.url);
  return tab;
}

export async function onCommitted(details: NavDetails): Promise<void> {
  if (details.frameId !== 0) return;
  const isAi = (await aiTabIds()).has(details.tabId);
  if (isAi && !isBlank(details.url)) void injectConsoleShim(details.tabId);
  await updateBrowserState((state) => {
    const tab = startNewView(state, details);
    if (!tab) return;
    tab.origin = originOf(details.url);
    const ticket = runningTicket(tab);
    if (ticket?.state === 'pending' && !isBlank(details.url)) ticket.state = 'committed';
  });
}

/**
 * A second chance for the console shim, should the injection at commit have missed the document;
 * a recording follows the tab to its new page (workflow_record).
 */
export async function onDomContentLoaded(details: NavDetails): Promise<void> {
  if (details.frameId !== 0 || !(await aiTabIds()).has(details.tabId)) return;
  await injectConsoleShim(details.tabId);
  await wakeRecorder(details.tabId).catch(() => undefined);
}

/**
 * The same-document navigations of each tab not yet written: the latest, and every redacted URL
 * since the last write. A page may replaceState on every frame; one write per burst keeps the
 * state queue (which every AI call waits on) from falling behind the page.
 */
const unwritten = new Map<number, { latest: NavDetails; urls: Set<string> }>();

/** pushState, replaceState and fragment changes: a new view, so a new generation. */
export function onSameDocumentNavigation(details: NavDetails): Promise<void> {
  if (details.frameId !== 0) return Promise.resolve();
  const waiting = unwritten.get(details.tabId);
  if (waiting) {
    waiting.latest = details;
    waiting.urls.add(redactUrl(details.url));
    return Promise.resolve();
  }
  const entry = { latest: details, urls: new Set([redactUrl(details.url)]) };
  unwritten.set(details.tabId, entry);
  const written = updateBrowserState((state) => {
    const { latest, urls } = unwritten.get(details.tabId)!;
    unwritten.delete(details.tabId);
    const tab = startNewView(state, latest);
    if (!tab) return;
    const ticket = runningTicket(tab);
    if (ticket && urls.has(ticket.requestedUrl)) {
      ticket.state = 'settled';
      ticket.result = { outcome: 'loaded', url: ticket.requestedUrl, title: '', generation: tab.generation };
    }
  });
  // a write that failed before its turn must not hold the tab's later navigations back
  return written.finally(() => {
    if (unwritten.get(details.tabId) === entry) unwritten.delete(details.tabId);
  });
}

export async function onCompleted(details: NavDetails): Promise<void> {
  if (details.frameId !== 0 || !(await aiTabIds()).has(details.tabId)) return;
  // Gate and title are read before settling, so the ticket's buffered result carries them.
  const gate = await callPage<Gate | null>(details.tabId, 'detectGate').then((r) => r.value, () => null);
  const title = await tabTitle(details.tabId);
  await updateBrowserState((state) => {
    const tab = state.aiTabs[String(details.tabId)];
    if (!tab) return;
    tab.title = title;
    const ticket = runningTicket(tab);
    if (ticket?.state !== 'committed') return;
    ticket.state = 'settled';
    ticket.result = { outcome: 'loaded', url: redactUrl(details.url), title, generation: tab.generation, ...(gate ? { gate } : {}) };
  });
}

export async function onErrorOccurred(details: NavDetails & { error: string }): Promise<void> {
  if (details.frameId !== 0 || !(await aiTabIds()).has(details.tabId)) return;
  await updateBrowserState((state) => {
    const tab = state.aiTabs[String(details.tabId)];
    const ticket = tab && runningTicket(tab);
    if (!tab || !ticket) return;
    // Starting a navigation aborts the one it replaces: that abort is not this ticket's outcome.
    if (details.error === 'net::ERR_ABORTED' && (ticket.state !== 'pending' || redactUrl(details.url) !== ticket.requestedUrl)) return;
    ticket.state = 'settled';
    ticket.result = { outcome: 'failed', url: redactUrl(details.url), title: '', generation: tab.generation, error: details.error };
  });
}

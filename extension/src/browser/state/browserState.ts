import type { Gate } from '../../page/types';
import type { AddressClass } from '../safety/urlPolicy';
import type { Posture } from '../settings';
import type { Operation } from '../safety/operations';

/**
 * Everything the browser module must not lose when the worker stops: it lives in
 * chrome.storage.session (in memory, extension-only, cleared when the browser exits).
 */

/** One AI principal (an MCP connection of one AI client) as the browser knows it: its AI tabs form one tab group. */
export interface AiPrincipal {
  key: string;
  clientName: string;
  /** The host that carried the connection; a newer host means the connection is gone (see principals.ts). */
  hostPid: number | null;
  groupId: number | null;
  color: `${chrome.tabGroups.Color}`;
  /** The AI tab calls without tabId go to. */
  currentTabId: number | null;
  /** Origins with a standing navigate grant (Shared profile). */
  navigateGrants: string[];
  lastUsedAt: number;
  orphanedAt: number | null;
}

export interface TicketResult {
  outcome: 'loaded' | 'failed';
  url: string;
  title: string;
  generation: number;
  error?: string;
  gate?: Gate;
}

export interface Ticket {
  navigationId: string;
  requestedUrl: string;
  state: 'pending' | 'committed' | 'settled' | 'superseded';
  startedAt: number;
  result?: TicketResult;
  supersededBy?: string;
}

export interface AiTab {
  chromeTabId: number;
  principalKey: string;
  windowId: number;
  posture: Posture;
  /** In an incognito window: its cookies are Chromium's off-the-record store, not the person's jar. */
  incognito: boolean;
  /** The named profile whose saved cookies this tab's store holds (profiles/), or null. */
  profile: string | null;
  /** Bumped on every main-frame navigation, same-document ones included; refs and approvals bind to it. */
  generation: number;
  /** Redacted (no userinfo, query or fragment). */
  url: string;
  origin: string | null;
  title: string;
  /** Highest ref number handed out on this tab; refs keep counting up across navigations. */
  refFloor: number;
  /** Origin an AI navigation was approved for (Shared profile): same-origin moves need no new approval. */
  approvedOrigin: string | null;
  tickets: Ticket[];
}

export type AttachmentMode = 'once' | 'until-navigation';

/** A person's tab that one AI principal may read. */
export interface Attachment {
  chromeTabId: number;
  principalKey: string;
  mode: AttachmentMode;
  /** Redacted URL at approval time: a different document means the approval has lapsed. */
  url: string;
}

export type PromptKind = 'attach' | 'navigate' | 'profile' | 'operation';

/** What an operation `session` asks about: one verb on one handle (approvals/operationGrants.ts#checkSigninApproval). */
export interface SigninRequest {
  verb: 'save' | 'load';
  handle: string;
  /** A save over a sign-in already kept under this handle. */
  replaces: boolean;
}

/** What an operation prompt shows and what "Allow once" binds to (approvals/operationGrants.ts). */
export interface OperationRequest {
  operation: Operation;
  /** Role + accessible name from the page's accessibility tree, or null (a page-wide scroll or key). */
  element: { role: string; name: string } | null;
  /** Exactly what will happen: the text, key with modifiers, delta, style change or script. */
  detail: string | null;
  /** The tab's generation when asked: a decision after the page moved on grants nothing. */
  generation: number;
  /** operation + element + detail (scripts by their hash): a one-shot matches only this. */
  binding: string;
  /** Operation `session` only: the verb and handle the person decides on. */
  signin?: SigninRequest;
}

export interface Prompt {
  id: string;
  kind: PromptKind;
  principalKey: string;
  clientName: string;
  chromeTabId: number;
  /** attach: the page's redacted URL; navigate and profile: the destination's redacted URL. */
  url: string;
  /** The page's or destination's origin; for a profile prompt, the profile's name. */
  origin: string;
  pageTitle: string;
  popupWindowId: number | null;
  /** kind 'operation' only. */
  request?: OperationRequest;
}

/** A one-time approval to open a named profile, spent by the retried open. */
export interface ProfileOnce {
  principalKey: string;
  profile: string;
}

/** The incognito window whose store holds a named profile's cookies while it is open. */
export interface ProfileWindow {
  windowId: number;
  name: string;
  /** The cookie store (chrome.cookies) of that window. */
  storeId: string;
  /** Another incognito window (the person's) has shared the store: nothing is saved, profile tabs go cookie-less. */
  shared: boolean;
}

/** "Allow on this site": an operation on an origin, for one AI principal, until revoked or the principal ends. */
export interface SiteGrant {
  principalKey: string;
  clientName: string;
  origin: string;
  operation: Operation;
  grantedAt: number;
}

/** "Allow once": spent by the one act it names, void after any navigation of the tab (generation). */
export interface OperationOnce {
  principalKey: string;
  chromeTabId: number;
  generation: number;
  binding: string;
}

/** A one-time destination approval, spent by the retried navigate. */
export interface NavigateOnce {
  principalKey: string;
  chromeTabId: number;
  origin: string;
}

export interface BrowserState {
  principals: Record<string, AiPrincipal>;
  aiTabs: Record<string, AiTab>;
  attachments: Record<string, Attachment>;
  prompts: Record<string, Prompt>;
  navigateOnce: NavigateOnce[];
  siteGrants: SiteGrant[];
  operationOnce: OperationOnce[];
  profileOnce: ProfileOnce[];
  profileWindow: ProfileWindow | null;
  /** The window that holds Sandbox AI tabs. */
  sandboxWindowId: number | null;
  /**
   * Chromium has one off-the-record cookie store for all incognito windows. True once a window that
   * is not the Sandbox's has used it since it was made (the person's own incognito window): Sandbox
   * tabs then send and keep no cookies until every incognito window has closed and the store is gone.
   */
  incognitoShared: boolean;
  /** Host names that answered an AI tab from an address AI tabs may not reach (see answeringAddress.ts). */
  answeredFromRefused: { hostname: string; addressClass: Exclude<AddressClass, 'public'> }[];
  hostPid: number | null;
  nextId: number;
}

const KEY = 'browser';

/** A browser with no AI principals, tabs or approvals (also the tests' starting point). */
export function emptyBrowserState(): BrowserState {
  return { principals: {}, aiTabs: {}, attachments: {}, prompts: {}, navigateOnce: [], siteGrants: [], operationOnce: [], profileOnce: [], profileWindow: null, sandboxWindowId: null, incognitoShared: false, answeredFromRefused: [], hostPid: null, nextId: 1 };
}

export async function loadBrowserState(): Promise<BrowserState> {
  const stored = (await chrome.storage.session.get(KEY))[KEY] as Partial<BrowserState> | undefined;
  return { ...emptyBrowserState(), ...stored };
}

let queue: Promise<unknown> = Promise.resolve();
const listeners = new Set<(state: BrowserState) => void>();

/** Serialises read-modify-write cycles of this worker instance; `change` must not await. */
export function updateBrowserState<T>(change: (state: BrowserState) => T): Promise<T> {
  const run = queue.then(async () => {
    const state = await loadBrowserState();
    const result = change(state);
    await chrome.storage.session.set({ [KEY]: state });
    for (const listener of listeners) listener(state);
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Called after every committed change (ticket waiters, the in-memory AI tab cache). */
export function onBrowserStateChange(listener: (state: BrowserState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function attachmentKey(chromeTabId: number, principalKey: string): string {
  return `${chromeTabId}:${principalKey}`;
}

import { textFailure, type CallOutcome } from '@vmark/shared';
import type { BrowserContext } from '../defineBrowserAction';
import { redactUrl, tabTitle } from '../safety/pageFacts';
import { refuse } from '../refusals';
import type { AiTab } from '../state/browserState';
import { loadBrowserState } from '../state/browserState';
import { isCookieless } from '../tabs/cookieMode';
import { currentDocument, type PageDocument } from './pageStorage';
import { SigninHostError } from './hostSignins';
import { storeOfTab } from './originCookies';

/** The AI tab a session_save/session_load works on: its own cookie store and the document it shows. */
export interface SigninTab {
  chromeTabId: number;
  tabId: string;
  aiTab: AiTab;
  storeId: string;
  page: PageDocument;
  /** Redacted, for the approval prompt. */
  url: string;
  pageTitle: string;
}

/**
 * Sign-ins go only into (and come only from) an AI tab's own cookie store: the Sandbox's incognito
 * store, or a named profile's (whose jar the host keeps sealed). Never the person's jar (Shared
 * profile, or the cookie-less Sandbox outside incognito).
 */
export async function signinTab(ctx: BrowserContext, verb: 'save' | 'load', handle: string): Promise<SigninTab | CallOutcome> {
  if (ctx.target.kind !== 'ai') throw new Error('session_* needs an AI tab');
  const { chromeTabId, tabId, tab } = ctx.target;
  const state = await loadBrowserState();
  if (tab.posture === 'shared' || isCookieless(tab, state)) {
    return refuse('SESSION_STORE_SHARED', `Tab ${tabId} has no cookie store of its own (${tab.posture === 'shared' ? 'Shared profile: the user\'s cookies' : 'a cookie-less Sandbox tab'}); a saved sign-in needs a Sandbox tab in VMark's incognito window — ask the user to choose the Sandbox posture and allow VMark in incognito`, { tabId, handle });
  }
  const storeId = await storeOfTab(chromeTabId);
  const page = await currentDocument(chromeTabId);
  if (storeId === null || page === null || !/^https?:\/\//.test(page.origin)) {
    const action = verb === 'save' ? 'save the sign-in of a site' : 'load a sign-in';
    return refuse('ORIGIN_MISMATCH', `Tab ${tabId} shows no web page (${redactUrl(page?.url ?? tab.url) || 'about:blank'}); to ${action}, navigate the tab to that site first`, { tabId, handle });
  }
  return { chromeTabId, tabId, aiTab: tab, storeId, page, url: redactUrl(page.url), pageTitle: await tabTitle(chromeTabId) };
}

/** What the AI gets when the host's keychain service refused: a token saying what to do, never a value. */
export function hostRefusal(error: unknown, handle: string): CallOutcome {
  if (!(error instanceof SigninHostError)) return textFailure(`The sign-in "${handle}" could not be used: ${error instanceof Error ? error.message : String(error)}; read the tab with browser_read.read, then retry.`);
  switch (error.code) {
    case 'SESSION_NOT_FOUND':
    case 'KEYCHAIN_LOCKED':
    case 'KEYCHAIN_UNAVAILABLE':
      return refuse(error.code, error.message, { handle });
    default:
      return textFailure(`The saved sign-in "${handle}" could not be used: ${error.message}. Check the VMark host with \`vmark doctor\`, then retry.`);
  }
}

import type { CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import { redactUrl } from '../safety/pageFacts';
import { loadBrowserState } from '../state/browserState';
import type { Target } from '../resolveTarget';

export interface LoadFailure {
  /** Redacted address that failed to load. */
  url: string;
  /** Chromium's net:: error, when known (AI tabs keep it on their navigation ticket). */
  error: string | null;
}

/**
 * Whether the tab shows Chromium's own error page because its last main-frame navigation failed
 * (endless redirects, an address that does not resolve, a refused connection): no script runs
 * there, and Chromium's scripting error names host permissions, which misleads.
 */
export async function pageLoadFailure(chromeTabId: number): Promise<LoadFailure | null> {
  try {
    const frame = await chrome.webNavigation.getFrame({ tabId: chromeTabId, frameId: 0 });
    if (!frame?.errorOccurred) return null;
    const tab = (await loadBrowserState()).aiTabs[String(chromeTabId)];
    const last = tab?.tickets.at(-1)?.result;
    const failed = last?.outcome === 'failed' ? last : undefined;
    const url = failed?.url ?? (frame.url.startsWith('chrome-error:') ? (tab?.url ?? '') : redactUrl(frame.url));
    return { url, error: failed?.error ?? null };
  } catch {
    return null;
  }
}

const PLAIN_ERRORS: Record<string, string> = {
  'net::ERR_TOO_MANY_REDIRECTS': 'too many redirects',
  'net::ERR_NAME_NOT_RESOLVED': 'the address does not resolve',
  'net::ERR_CONNECTION_REFUSED': 'the connection was refused',
  'net::ERR_CONNECTION_TIMED_OUT': 'the connection timed out',
};

/** The refusal for a tab showing Chromium's error page, with where to go instead. */
export function pageLoadFailedRefusal(target: Pick<Target, 'kind' | 'tabId'>, failure: LoadFailure): CallOutcome {
  const cause = failure.error ? ` (${PLAIN_ERRORS[failure.error] ? `${PLAIN_ERRORS[failure.error]}, ` : ''}${failure.error})` : '';
  const next =
    target.kind === 'ai'
      ? 'navigate to another address with browser.navigate on this tabId, or open a new tab with browser.open'
      : 'ask the user to load a page that works in it, or open a tab of your own with browser.open';
  const page = failure.url ? `The page ${failure.url}` : 'The page';
  return refuse('PAGE_LOAD_FAILED', `${page} failed to load in tab ${target.tabId}${cause}; the tab shows the browser's error page, which cannot be read or used; ${next}`, {
    tabId: target.tabId,
    url: failure.url,
    ...(failure.error ? { error: failure.error } : {}),
  });
}

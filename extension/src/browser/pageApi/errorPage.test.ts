import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowserState } from '../state/browserState';

const state = vi.hoisted(() => ({ current: { aiTabs: {} } as unknown as BrowserState }));
vi.mock('../state/browserState', () => ({ loadBrowserState: async () => state.current }));

const { pageLoadFailure, pageLoadFailedRefusal } = await import('./errorPage');

afterEach(() => vi.unstubAllGlobals());

// chrome.webNavigation is the boundary faked here, with the frame Chromium reports for an endless redirect
function frame(details: Partial<chrome.webNavigation.GetFrameResultDetails> | null | Error) {
  vi.stubGlobal('chrome', { webNavigation: { getFrame: async () => (details instanceof Error ? Promise.reject(details) : details) } });
}

function aiTabWithTicket(result: { outcome: 'loaded' | 'failed'; url: string; error?: string }) {
  state.current = { aiTabs: { '7': { url: 'http://site.test/earlier', tickets: [{ navigationId: 'n1', result: { ...result, title: '', generation: 2 } }] } } } as unknown as BrowserState;
}

describe('pageLoadFailure', () => {
  it('SEC ERR-04 an AI tab whose last navigation failed: the failed address and Chromium\'s error', async () => {
    aiTabWithTicket({ outcome: 'failed', url: 'http://site.test/hostile/redirect-self', error: 'net::ERR_TOO_MANY_REDIRECTS' });
    frame({ errorOccurred: true, url: 'chrome-error://chromewebdata/' });
    expect(await pageLoadFailure(7)).toEqual({ url: 'http://site.test/hostile/redirect-self', error: 'net::ERR_TOO_MANY_REDIRECTS' });
  });

  it('SEC a person\'s tab on an error page: the frame\'s address, redacted, and no error code', async () => {
    state.current = { aiTabs: {} } as unknown as BrowserState;
    frame({ errorOccurred: true, url: 'https://user:pw@example.test/a?token=secret#x' });
    expect(await pageLoadFailure(9)).toEqual({ url: 'https://example.test/a', error: null });
  });

  it('SEC a page that loaded, a closed tab or a missing frame is no load failure', async () => {
    aiTabWithTicket({ outcome: 'loaded', url: 'http://site.test/forms.html' });
    frame({ errorOccurred: false, url: 'http://site.test/forms.html' });
    expect(await pageLoadFailure(7)).toBeNull();
    frame(null);
    expect(await pageLoadFailure(7)).toBeNull();
    frame(new Error('No tab with id: 7.'));
    expect(await pageLoadFailure(7)).toBeNull();
  });
});

describe('pageLoadFailedRefusal', () => {
  it('SEC ERR-04 says what failed (address, cause) and where to go instead: navigate or open for an AI tab, ask the user for theirs', () => {
    const ai = pageLoadFailedRefusal({ kind: 'ai', tabId: 'btab-1' }, { url: 'http://site.test/loop', error: 'net::ERR_TOO_MANY_REDIRECTS' });
    expect(ai).toMatchObject({ kind: 'refusal', refusal: { token: 'PAGE_LOAD_FAILED', data: { tabId: 'btab-1', url: 'http://site.test/loop', error: 'net::ERR_TOO_MANY_REDIRECTS' } } });
    expect(JSON.stringify(ai)).toMatch(/http:\/\/site\.test\/loop failed to load in tab btab-1 \(too many redirects, net::ERR_TOO_MANY_REDIRECTS\).*browser\.navigate on this tabId.*browser\.open/);
    const person = JSON.stringify(pageLoadFailedRefusal({ kind: 'person', tabId: 'btab-2' }, { url: 'https://example.test/a', error: null }));
    expect(person).toMatch(/example\.test\/a failed to load in tab btab-2;.*ask the user to load a page that works/);
    expect(person).not.toContain('cannot be read right now');
  });
});

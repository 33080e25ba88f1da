import { describe, expect, it, vi } from 'vitest';
import type { BrowserState } from '../state/browserState';

// chrome.storage.session is the boundary faked here, with a write as slow as a busy worker's;
// updateBrowserState and the navigation listener are real
const stored: Record<string, unknown> = {};
const set = vi.fn(async (items: Record<string, unknown>) => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  Object.assign(stored, structuredClone(items));
});
const get = vi.fn(async (key: string) => ({ [key]: structuredClone(stored[key]) }));
vi.stubGlobal('chrome', { storage: { session: { get, set } } });

const { emptyBrowserState } = await import('../state/browserState');
const { issueTicket } = await import('./tickets');
const { onSameDocumentNavigation } = await import('./navigationEvents');

function aiTabState(): BrowserState {
  const state = emptyBrowserState();
  state.aiTabs['7'] = { chromeTabId: 7, principalKey: 's', windowId: 1, posture: 'sandbox', incognito: false, profile: null, generation: 0, refFloor: 0, url: 'https://a.example/page', origin: 'https://a.example', title: '', approvedOrigin: null, tickets: [] };
  return state;
}
const tabOf = (): BrowserState['aiTabs'][string] => (stored.browser as BrowserState).aiTabs['7']!;

describe('same-document navigations (a page that calls replaceState on every frame)', () => {
  it('a burst of 200 events costs a bounded number of state writes, the latest URL is kept and the generation moved', async () => {
    stored.browser = aiTabState();
    set.mockClear();
    const events: Promise<void>[] = [];
    for (let n = 0; n < 200; n++) {
      events.push(onSameDocumentNavigation({ tabId: 7, frameId: 0, url: `https://a.example/step-${n}?n=${n}` }));
      if (n % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(events);
    expect(set.mock.calls.length).toBeGreaterThan(0);
    expect(set.mock.calls.length).toBeLessThanOrEqual(8);
    expect(tabOf().url).toBe('https://a.example/step-199');
    expect(tabOf().generation).toBe(set.mock.calls.length);
  });

  it('a navigation ticket settles when any URL of the burst is the one asked for', async () => {
    const state = aiTabState();
    const ticket = issueTicket(state, state.aiTabs['7']!, 'https://a.example/asked');
    stored.browser = state;
    await Promise.all([
      onSameDocumentNavigation({ tabId: 7, frameId: 0, url: 'https://a.example/before' }),
      onSameDocumentNavigation({ tabId: 7, frameId: 0, url: 'https://a.example/asked#top' }),
      onSameDocumentNavigation({ tabId: 7, frameId: 0, url: 'https://a.example/after' }),
    ]);
    const settled = tabOf().tickets.find((t) => t.navigationId === ticket.navigationId)!;
    expect(settled).toMatchObject({ state: 'settled', result: { outcome: 'loaded', url: 'https://a.example/asked' } });
    expect(tabOf().url).toBe('https://a.example/after');
  });

  it('a write that fails leaves the next navigation of the tab free to write', async () => {
    stored.browser = aiTabState();
    set.mockRejectedValueOnce(new Error('storage quota'));
    await expect(onSameDocumentNavigation({ tabId: 7, frameId: 0, url: 'https://a.example/lost' })).rejects.toThrow('storage quota');
    await onSameDocumentNavigation({ tabId: 7, frameId: 0, url: 'https://a.example/kept' });
    expect(tabOf().url).toBe('https://a.example/kept');
  });
});

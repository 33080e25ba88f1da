import { describe, expect, it } from 'vitest';
import { emptyBrowserState, type AiTab, type BrowserState } from '../state/browserState';
import { isCookieless } from './cookieMode';

const tab = (change: Partial<AiTab>): AiTab => ({
  chromeTabId: 1, principalKey: 's', windowId: 1, posture: 'sandbox', incognito: true, profile: null, generation: 0, refFloor: 0,
  url: 'about:blank', origin: null, title: '', approvedOrigin: null, tickets: [], ...change,
});
const state = (change: Partial<BrowserState>): BrowserState => ({ ...emptyBrowserState(), ...change });
const profileWindow = (shared: boolean) => ({ windowId: 2, name: 'work', storeId: '1', shared });

describe('isCookieless', () => {
  it('keeps Shared profile tabs on the person\'s cookies', () => {
    expect(isCookieless(tab({ posture: 'shared', incognito: false }), state({ incognitoShared: true }))).toBe(false);
  });

  it('strips a Sandbox tab outside incognito', () => {
    expect(isCookieless(tab({ incognito: false }), state({}))).toBe(true);
  });

  it('strips an incognito Sandbox tab only while the person shares the store', () => {
    expect(isCookieless(tab({}), state({}))).toBe(false);
    expect(isCookieless(tab({}), state({ incognitoShared: true }))).toBe(true);
  });

  it('judges a profile tab by its profile window alone', () => {
    expect(isCookieless(tab({ profile: 'work' }), state({ profileWindow: profileWindow(false), incognitoShared: true }))).toBe(false);
    expect(isCookieless(tab({ profile: 'work' }), state({ profileWindow: profileWindow(true) }))).toBe(true);
    expect(isCookieless(tab({ profile: 'work' }), state({ profileWindow: null }))).toBe(true);
  });
});

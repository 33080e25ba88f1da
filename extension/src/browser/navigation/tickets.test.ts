import { describe, expect, it } from 'vitest';
import { emptyBrowserState, type AiTab, type BrowserState } from '../state/browserState';
import { findTicket, issueTicket, runningTicket } from './tickets';

function fixture(): { state: BrowserState; tab: AiTab } {
  const tab: AiTab = { chromeTabId: 7, principalKey: 's', windowId: 1, posture: 'sandbox', incognito: false, profile: null, generation: 0, refFloor: 0, url: 'about:blank', origin: null, title: '', approvedOrigin: null, tickets: [] };
  const state: BrowserState = { ...emptyBrowserState(), aiTabs: { '7': tab } };
  return { state, tab };
}

describe('navigation tickets', () => {
  it('a new ticket supersedes the running one and names its successor', () => {
    const { state, tab } = fixture();
    const first = issueTicket(state, tab, 'https://a.example/');
    const second = issueTicket(state, tab, 'https://b.example/');
    expect(first).toMatchObject({ state: 'superseded', supersededBy: second.navigationId });
    expect(runningTicket(tab)).toBe(second);
    expect(findTicket(tab, undefined)).toBe(second);
    expect(findTicket(tab, first.navigationId)).toBe(first);
  });

  it('a settled ticket stays settled, and only the last eight are kept', () => {
    const { state, tab } = fixture();
    const first = issueTicket(state, tab, 'https://a.example/');
    first.state = 'settled';
    issueTicket(state, tab, 'https://b.example/');
    expect(first.state).toBe('settled');
    for (let i = 0; i < 10; i++) issueTicket(state, tab, `https://c${i}.example/`);
    expect(tab.tickets).toHaveLength(8);
    expect(findTicket(tab, first.navigationId)).toBeUndefined();
  });
});

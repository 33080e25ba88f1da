import { describe, expect, it } from 'vitest';
import { emptyBrowserState, type AiPrincipal, type BrowserState } from './browserState';
import { currentPrincipal, PRINCIPAL_TOUCH_MS } from './principals';

const NOW = 1_000_000;
const caller = { connectionId: 'c1', clientName: 'claude' };

function stateWith(change: Partial<AiPrincipal>, hostPid: number | null = 7): BrowserState {
  const state = emptyBrowserState();
  state.hostPid = hostPid;
  state.principals.c1 = { key: 'c1', clientName: 'claude', hostPid: 7, groupId: null, color: 'purple', currentTabId: null, navigateGrants: [], lastUsedAt: NOW, orphanedAt: null, ...change };
  return state;
}

// session.get_state reads the principal without a write only where principalFor would change nothing but a recent lastUsedAt
describe('currentPrincipal', () => {
  it('is the stored principal while it is current and was used within PRINCIPAL_TOUCH_MS', () => {
    expect(currentPrincipal(stateWith({}), caller, NOW + PRINCIPAL_TOUCH_MS)?.key).toBe('c1');
  });

  it('is null once lastUsedAt is older, so principalFor refreshes it and expires orphans', () => {
    expect(currentPrincipal(stateWith({}), caller, NOW + PRINCIPAL_TOUCH_MS + 1)).toBeNull();
  });

  it('is null for a connection without a principal (principalFor creates it or adopts an orphan)', () => {
    expect(currentPrincipal(stateWith({}), { connectionId: 'c2', clientName: 'claude' }, NOW)).toBeNull();
  });

  it('is null for an orphan or a principal of another host', () => {
    expect(currentPrincipal(stateWith({ orphanedAt: NOW }), caller, NOW)).toBeNull();
    expect(currentPrincipal(stateWith({ hostPid: 6 }), caller, NOW)).toBeNull();
    expect(currentPrincipal(stateWith({}, null), caller, NOW)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { TOOLS } from './index';
import { BY_FOLDER, OFFERED_ACTIONS, OWNERS, actionFileOf, actionKeyOfFile, notOfferedActions, offeredActionsOf, ownerOf } from './owners';

describe('owner table', () => {
  it('places every action of every tool, and nothing else', () => {
    for (const tool of TOOLS) expect(Object.keys(OWNERS[tool.name as keyof typeof OWNERS]).sort(), tool.name).toEqual(Object.keys(tool.actions).sort());
    expect(Object.keys(OWNERS).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  it('offers an action exactly when its owner is stated plainly; the rest are listed as not offered', () => {
    expect(OFFERED_ACTIONS.get('browser')).toEqual(['act', 'workflow_run', 'workflow_cancel', 'workflow_record', 'open', 'navigate', 'close', 'style', 'execute_js', 'session_save', 'session_load', 'console_clear']);
    expect(ownerOf('browser', 'act')).toBe('extension');
    expect(ownerOf('browser', 'workflow_record')).toBe('extension');
    expect(ownerOf('coherence', 'status')).toBeUndefined();
    expect(notOfferedActions().get('coherence')).toContain('status');
    for (const [tool, actions] of notOfferedActions()) for (const action of actions) expect(OFFERED_ACTIONS.get(tool) ?? []).not.toContain(action);
  });

  it('records the coherence tools as served by the host for native folders and by the editor otherwise, not offered yet', () => {
    expect(OWNERS.coherence.status).toEqual({ notYet: BY_FOLDER });
    expect(OWNERS.coherence_resolve.resolve).toEqual({ notYet: { nativeFolder: 'host', otherFolder: 'editor' } });
    expect(OFFERED_ACTIONS.has('coherence')).toBe(false);
  });

  it('gives the host no offered action while it has no action registry (bridge/src/host/actions/<tool>/<action>.ts would hold them)', () => {
    expect(offeredActionsOf('host')).toEqual([]);
  });

  it('names each handler file after its action, and reads the action back from the path', () => {
    expect(actionFileOf('browser_read', 'wait_for')).toBe('browserRead/waitFor.ts');
    for (const tool of TOOLS) {
      for (const action of Object.keys(tool.actions)) expect(actionKeyOfFile(`./actions/${actionFileOf(tool.name, action)}`)).toBe(`${tool.name}.${action}`);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { TOOLS } from './index';
import { BY_FOLDER, OFFERED_ACTIONS, OWNERS, actionFileOf, actionKeyOfFile, isByFolder, notOfferedActions, offeredActionsOf, offeredByFolder, ownerOf } from './owners';

describe('owner table', () => {
  it('places every action of every tool, and nothing else', () => {
    for (const tool of TOOLS) expect(Object.keys(OWNERS[tool.name as keyof typeof OWNERS]).sort(), tool.name).toEqual(Object.keys(tool.actions).sort());
    expect(Object.keys(OWNERS).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  it('offers an action exactly when its owner is stated plainly; the rest are listed as not offered', () => {
    expect(OFFERED_ACTIONS.get('browser')).toEqual(['act', 'open', 'navigate', 'close', 'style', 'execute_js', 'session_save', 'session_load', 'console_clear']);
    expect(ownerOf('browser', 'act')).toBe('extension');
    expect(ownerOf('browser', 'workflow_run')).toBeUndefined();
    expect(notOfferedActions().get('browser')).toContain('workflow_run');
    for (const [tool, actions] of notOfferedActions()) for (const action of actions) expect(OFFERED_ACTIONS.get(tool) ?? []).not.toContain(action);
  });

  it('offers the coherence tools, served by the host for native folders and by the editor otherwise', () => {
    expect(OWNERS.coherence.status).toBe(BY_FOLDER);
    expect(OWNERS.coherence_resolve.resolve).toEqual({ nativeFolder: 'host', otherFolder: 'editor' });
    expect(OFFERED_ACTIONS.get('coherence')).toEqual(['status', 'edges', 'claims', 'contexts']);
    expect(offeredByFolder().sort()).toEqual(['coherence.claims', 'coherence.contexts', 'coherence.edges', 'coherence.status', 'coherence_resolve.resolve']);
    expect(isByFolder(ownerOf('coherence', 'edges'))).toBe(true);
    expect(isByFolder(ownerOf('document', 'read'))).toBe(false);
    // a BY_FOLDER action is neither side's alone: each side's registry test adds offeredByFolder()
    expect(offeredActionsOf('host')).toEqual([]);
    expect(offeredActionsOf('editor')).not.toContain('coherence.edges');
  });

  it('names each handler file after its action, and reads the action back from the path', () => {
    expect(actionFileOf('browser_read', 'wait_for')).toBe('browserRead/waitFor.ts');
    for (const tool of TOOLS) {
      for (const action of Object.keys(tool.actions)) expect(actionKeyOfFile(`./actions/${actionFileOf(tool.name, action)}`)).toBe(`${tool.name}.${action}`);
    }
  });
});

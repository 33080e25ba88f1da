import { describe, expect, it } from 'vitest';
import { coherenceTool } from './coherence';
import { coherenceResolveTool } from './coherenceResolve';
import { TOOLS } from './index';
import { mcpToolList, parseToolCall } from './mcpSchema';
import { OFFERED_ACTIONS } from './owners';
import { OPEN_EDGE_STATES } from '../lib/coherence/kernel/project';

describe('coherence', () => {
  it('COH-07 every action requires workspace_root', () => {
    for (const action of ['status', 'edges', 'claims', 'contexts']) {
      expect(parseToolCall(coherenceTool, { action }).ok, action).toBe(false);
      expect(parseToolCall(coherenceTool, { action, workspace_root: '/home/me/novel' }).ok, action).toBe(true);
    }
  });

  it('COH-08 a relative workspace_root is a plain argument error', () => {
    const result = parseToolCall(coherenceTool, { action: 'status', workspace_root: 'novel' });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('`workspace_root` must be an absolute path') });
    expect(parseToolCall(coherenceTool, { action: 'status', workspace_root: 'C:\\novel' }).ok).toBe(true);
  });

  it('COH-07 COH-08 CRS-RESOLVE-10 a missing, empty or relative workspace_root is refused with a plain sentence that says where to find it', () => {
    const where = /find it in session\.get_state \(the filePath of open tabs\) or the workspace tool\.$/;
    for (const extra of [{}, { workspace_root: '' }, { workspace_root: 'novel' }]) {
      const read = parseToolCall(coherenceTool, { action: 'edges', ...extra });
      const write = parseToolCall(coherenceResolveTool, { action: 'resolve', txf: 't', input: 0, resolution: 'accept-newer', ...extra });
      for (const result of [read, write]) {
        expect(result.ok, JSON.stringify(extra)).toBe(false);
        if (!result.ok) expect(result.message).toMatch(where);
      }
    }
  });

  it('COH-STATUS-01 COH-EDGES-02 COH-EDGES-03 COH-CLAIMS-01 COH-CTX-01 tools/list names every action, every answer field and every edge state the seed names', () => {
    const listed = mcpToolList(OFFERED_ACTIONS).find((tool) => tool.name === 'coherence')!;
    const seedNames = {
      status: ['initialized', 'objects', 'open_items', 'quarantined', 'writer'],
      edges: ['txf', 'input', 'upstream', 'upstream_path', 'pinned', 'downstream', 'downstream_path', 'downstream_rev', 'state', ...OPEN_EDGE_STATES],
      claims: ['claim', 'entryId', 'statement', 'maturity', 'invalidAt', 'visible'],
      contexts: ['id', 'name', 'parent', 'enforcement', 'visibleClaims', 'errors'],
    };
    expect(OPEN_EDGE_STATES).toEqual(['version-stale', 'stale-valid', 'stale-contradicted', 'stale-unknown', 'waived', 'diverged', 'diverged-multi-head', 'unpinnable']);
    for (const [action, names] of Object.entries(seedNames)) {
      const line = listed.description.split('\n').find((l) => l.startsWith(`- ${action}: `));
      expect(line, action).toBeDefined();
      for (const name of names) expect(line!.split(/[^A-Za-z_-]+/), `${action} names ${name}`).toContain(name);
    }
  });

  it('COH-05 COH-06 the canon is read only: coherence offers four reads, the one mutation is coherence_resolve.resolve, and no tool changes claims or contexts', () => {
    expect(Object.keys(coherenceTool.actions)).toEqual(['status', 'edges', 'claims', 'contexts']);
    expect(coherenceTool.annotations.readOnlyHint).toBe(true);
    expect(Object.keys(coherenceResolveTool.actions)).toEqual(['resolve']);
    const offered = TOOLS.flatMap((tool) => Object.keys(tool.actions).map((name) => `${tool.name}.${name}`));
    expect(offered.filter((name) => /claim|context|canon/i.test(name))).toEqual(['coherence.claims', 'coherence.contexts']);
  });
});

import { describe, expect, it } from 'vitest';
import { coherenceTool } from './coherence';
import { coherenceResolveTool } from './coherenceResolve';
import { TOOLS } from './index';
import { parseToolCall } from './mcpSchema';

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

  it('COH-05 COH-06 the canon is read only: coherence offers four reads, the one mutation is coherence_resolve.resolve, and no tool changes claims or contexts', () => {
    expect(Object.keys(coherenceTool.actions)).toEqual(['status', 'edges', 'claims', 'contexts']);
    expect(coherenceTool.annotations.readOnlyHint).toBe(true);
    expect(Object.keys(coherenceResolveTool.actions)).toEqual(['resolve']);
    const offered = TOOLS.flatMap((tool) => Object.keys(tool.actions).map((name) => `${tool.name}.${name}`));
    expect(offered.filter((name) => /claim|context|canon/i.test(name))).toEqual(['coherence.claims', 'coherence.contexts']);
  });
});

import { describe, expect, it } from 'vitest';
import { coherenceTool } from './coherence';
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
});

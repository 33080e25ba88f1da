import { describe, expect, it } from 'vitest';
import { coherenceResolveTool } from './coherenceResolve';
import { parseToolCall } from './mcpSchema';

const resolve = (extra: Record<string, unknown>) =>
  parseToolCall(coherenceResolveTool, { action: 'resolve', workspace_root: '/w', txf: 'txf-1', input: 0, ...extra });

describe('coherence_resolve', () => {
  it('CRS-RESOLVE resolution is accept-newer | waive', () => {
    expect(resolve({ resolution: 'accept-newer' }).ok).toBe(true);
    expect(resolve({ resolution: 'ignore' }).ok).toBe(false);
  });

  it('CRS-RESOLVE-09 reason is required for waive', () => {
    const result = resolve({ resolution: 'waive' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^coherence_resolve\.resolve: `reason` is required when resolution is "waive"/);
    expect(resolve({ resolution: 'waive', reason: 'upstream typo only' }).ok).toBe(true);
  });

  it('CRS-RESOLVE input is a non-negative integer slot', () => {
    expect(resolve({ resolution: 'accept-newer', input: -1 }).ok).toBe(false);
    expect(resolve({ resolution: 'accept-newer', input: '0' }).ok).toBe(false);
  });
});

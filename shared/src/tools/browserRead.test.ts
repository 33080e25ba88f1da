import { describe, expect, it } from 'vitest';
import { browserReadTool } from './browserRead';
import { parseToolCall } from './mcpSchema';

const call = (args: Record<string, unknown>) => parseToolCall(browserReadTool, args);

describe('browser_read', () => {
  it('BRR-WAIT timeoutMs is 1–9000', () => {
    expect(call({ action: 'wait', timeoutMs: 0 }).ok).toBe(false);
    expect(call({ action: 'wait', timeoutMs: 9001 }).ok).toBe(false);
    expect(call({ action: 'wait', timeoutMs: 1 }).ok).toBe(true);
    expect(call({ action: 'wait', timeoutMs: 9000, navigationId: 'n1' }).ok).toBe(true);
  });

  it('BRR-WAITFOR-01 exactly one condition: ref, role (+ name), text or urlContains', () => {
    expect(call({ action: 'wait_for', role: 'button', name: 'Save', timeoutMs: 9000 }).ok).toBe(true);
    expect(call({ action: 'wait_for', urlContains: '/done' }).ok).toBe(true);
    expect(call({ action: 'wait_for' }).ok).toBe(false);
    expect(call({ action: 'wait_for', ref: 'e1', text: 'Saved' }).ok).toBe(false);
    expect(call({ action: 'wait_for', text: 'Saved', name: 'x' }).ok).toBe(false);
    expect(call({ action: 'wait_for', text: 'Saved', timeoutMs: 0 }).ok).toBe(false);
  });

  it('BRR-WAITFOR-08 urlContains with ? or # is refused up front', () => {
    for (const urlContains of ['a?b', '#top']) {
      const result = call({ action: 'wait_for', urlContains });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain('urlContains');
    }
  });

  it('BRR-QUERY fields are {attributes, box, styles}', () => {
    expect(call({ action: 'query', selector: 'table', fields: { attributes: true, box: true, styles: ['color'] } }).ok).toBe(true);
    expect(call({ action: 'query', selector: 'table', fields: { html: true } }).ok).toBe(false);
    expect(call({ action: 'query' }).ok).toBe(false);
  });

  it('BRR-STATUS workflow_status requires runId', () => {
    expect(call({ action: 'workflow_status' }).ok).toBe(false);
    expect(call({ action: 'workflow_status', runId: 'run-1' }).ok).toBe(true);
  });
});

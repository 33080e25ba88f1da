import { describe, expect, it } from 'vitest';
import { browserTool } from './browser';
import { parseToolCall } from './mcpSchema';

const call = (args: Record<string, unknown>) => parseToolCall(browserTool, args);
const open = (extra: Record<string, unknown>) => call({ action: 'open', url: 'https://example.org/', ...extra });

describe('browser', () => {
  it('BRW-OPEN timeoutMs: 0 and 9001 rejected, 1 and 9000 accepted, fractions rejected', () => {
    expect(open({ timeoutMs: 0 }).ok).toBe(false);
    expect(open({ timeoutMs: 9001 }).ok).toBe(false);
    expect(open({ timeoutMs: 1.5 }).ok).toBe(false);
    expect(open({ timeoutMs: 1 }).ok).toBe(true);
    expect(open({ timeoutMs: 9000 }).ok).toBe(true);
    expect(call({ action: 'navigate', url: 'https://example.org/', timeoutMs: 9001 }).ok).toBe(false);
  });

  it('BRW-OPEN-01 profile accepts only [A-Za-z0-9._-]', () => {
    expect(open({ profile: 'work.login_2-b' }).ok).toBe(true);
    for (const bad of ['', 'a b', 'a/b', 'ü', 'a:b']) expect(open({ profile: bad }).ok, bad).toBe(false);
  });

  it('BRW-SESS handle is 1–128 characters of [A-Za-z0-9._-]', () => {
    const save = (handle: string) => call({ action: 'session_save', handle });
    expect(save('a').ok).toBe(true);
    expect(save('x'.repeat(128)).ok).toBe(true);
    expect(save('').ok).toBe(false);
    expect(save('x'.repeat(129)).ok).toBe(false);
    expect(save('bad handle').ok).toBe(false);
    expect(call({ action: 'session_load', handle: 'x'.repeat(129) }).ok).toBe(false);
  });

  it('BRW-RUN-13 workflow_run source is at most 64 KiB of UTF-8', () => {
    expect(call({ action: 'workflow_run', source: 'x'.repeat(64 * 1024) }).ok).toBe(true);
    expect(call({ action: 'workflow_run', source: 'x'.repeat(64 * 1024 + 1) }).ok).toBe(false);
    expect(call({ action: 'workflow_run', source: 'é'.repeat(32 * 1024 + 1) }).ok).toBe(false);
  });

  it('BRW-ACT operation is click | type | scroll | key', () => {
    expect(call({ action: 'act', operation: 'tap', ref: 'e1' }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'click', ref: 'e1' }).ok).toBe(true);
  });

  it('BRW-ACT-01 click/type take ref or role + name, never both or neither', () => {
    expect(call({ action: 'act', operation: 'click', role: 'button', name: 'Save' }).ok).toBe(true);
    expect(call({ action: 'act', operation: 'click' }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'click', role: 'button' }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'click', ref: 'e1', role: 'button', name: 'Save' }).ok).toBe(false);
  });

  it('BRW-ACT type needs text ("" clears the field)', () => {
    expect(call({ action: 'act', operation: 'type', ref: 'e1' }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'type', ref: 'e1', text: '' }).ok).toBe(true);
  });

  it('BRW-ACT scroll takes ref or dy; key takes key and modifiers {ctrl, shift, alt, meta}', () => {
    expect(call({ action: 'act', operation: 'scroll', dy: 400 }).ok).toBe(true);
    expect(call({ action: 'act', operation: 'scroll' }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'scroll', ref: 'e1', dy: 4 }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'key', key: 'Enter', modifiers: { ctrl: true, shift: false, alt: false, meta: true } }).ok).toBe(true);
    expect(call({ action: 'act', operation: 'key' }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'key', key: 'a', modifiers: { hyper: true } }).ok).toBe(false);
    expect(call({ action: 'act', operation: 'click', ref: 'e1', modifiers: { ctrl: true } }).ok).toBe(false);
  });

  it('BRW-REC recordOp is start | stop', () => {
    expect(call({ action: 'workflow_record', recordOp: 'start' }).ok).toBe(true);
    expect(call({ action: 'workflow_record', recordOp: 'pause' }).ok).toBe(false);
  });

  it('BRW-STYLE-01 style needs one target and one change', () => {
    expect(call({ action: 'style', selector: '.overlay', set: { display: 'none' } }).ok).toBe(true);
    expect(call({ action: 'style', set: { display: 'none' } }).ok).toBe(false);
    expect(call({ action: 'style', ref: 'e1', selector: 'div', injectCss: 'a{}' }).ok).toBe(false);
    expect(call({ action: 'style', ref: 'e1', addClasses: ['a'], injectCss: 'a{}' }).ok).toBe(false);
  });

  it('BRW-CLOSE browser.close requires tabId', () => {
    expect(call({ action: 'close' }).ok).toBe(false);
    expect(call({ action: 'close', tabId: 'b1' }).ok).toBe(true);
  });
});

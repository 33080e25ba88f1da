import { describe, expect, it } from 'vitest';
import { browserTool } from './browser';
import { documentTool } from './document';
import { TOOLS, findTool } from './index';
import { OFFERED_ACTIONS } from './owners';
import { mcpToolList, parseToolCall, toMcpInputSchema } from './mcpSchema';
import { sessionTool } from './session';
import { workspaceTool } from './workspace';

function failure(result: ReturnType<typeof parseToolCall>): string {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result.message;
}

/** ERR-02: one plain sentence, no JSON, no zod internals. */
function expectPlainSentence(message: string, prefix: string): void {
  expect(message.startsWith(`${prefix}: `), message).toBe(true);
  expect(message).toMatch(/\.$/);
  expect(message).not.toMatch(/\n|\[object|"code"|Invalid input|expected string, received/);
}

describe('parseToolCall', () => {
  it('DOC-WRITE-31 document.write without content names the field, type and remedy', () => {
    const message = failure(parseToolCall(documentTool, { action: 'write' }));
    expect(message).toBe('document.write: `content` is required (string: new full content); add it and call again.');
  });

  it('ERR-02 argument errors are plain sentences', () => {
    const cases: [string, unknown][] = [
      ['document.write', { action: 'write', content: 5 }],
      ['document.write', { action: 'write', content: 'x', save: 'yes' }],
      ['document.transform', { action: 'transform', kind: 'cjk' }],
      ['document.read', { action: 'read', tabId: '' }],
      ['document.write', { action: 'write', content: 'x', addresses: 'c1' }],
    ];
    for (const [prefix, raw] of cases) expectPlainSentence(failure(parseToolCall(documentTool, raw)), prefix);
    for (const raw of [{ action: 'open', url: 'https://a.example', timeoutMs: 0 }, { action: 'act', operation: 'click' }]) {
      expectPlainSentence(failure(parseToolCall(browserTool, raw)), `browser.${raw.action}`);
    }
  });

  it('a missing, non-string or unknown action is refused with the valid actions', () => {
    expect(failure(parseToolCall(documentTool, {}))).toBe('document: `action` is required; valid actions: read, write, transform.');
    expect(failure(parseToolCall(documentTool, undefined))).toContain('`action` is required');
    expect(failure(parseToolCall(documentTool, { action: 3 }))).toContain('`action` must be a string');
    expect(failure(parseToolCall(documentTool, 'read'))).toContain('must be a JSON object');
    expect(failure(parseToolCall(documentTool, { action: 'format_bold' }))).toBe(
      'document: action `format_bold` does not exist; valid actions: read, write, transform.',
    );
    expect(failure(parseToolCall(documentTool, { action: 'constructor' }))).toContain('does not exist');
  });

  it('unknown arguments are refused, naming the action they belong to', () => {
    expect(failure(parseToolCall(workspaceTool, { action: 'open_workspace', folderPath: '/w', windowLabel: 'main' }))).toBe(
      'workspace.open_workspace: unknown argument `windowLabel`; valid arguments: folderPath; `windowLabel` belongs to new, open, focus_window.',
    );
    expect(failure(parseToolCall(sessionTool, { action: 'get_state', verbose: true }))).toBe(
      'session.get_state: unknown argument `verbose`; it takes no arguments.',
    );
  });

  it('ERR-02 an action that is not offered is refused', () => {
    const message = failure(parseToolCall(browserTool, { action: 'execute_js', script: '1' }, ['open', 'close']));
    expect(message).toBe('browser: action `execute_js` is not offered by this server right now; offered actions: open, close.');
  });

  it('returns the parsed args without the action', () => {
    expect(parseToolCall(documentTool, { action: 'write', content: 'x', save: false })).toEqual({
      ok: true,
      action: 'write',
      args: { content: 'x', save: false },
    });
  });
});

describe('toMcpInputSchema', () => {
  it('has a required action enum and no additional properties', () => {
    const schema = toMcpInputSchema(documentTool);
    expect(schema.required).toEqual(['action']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.action).toMatchObject({ type: 'string', enum: ['read', 'write', 'transform'] });
  });

  it('offers only the fields of the offered actions, tagged with their actions', () => {
    const schema = toMcpInputSchema(documentTool, ['read', 'write']);
    expect(Object.keys(schema.properties)).toEqual(['action', 'tabId', 'content', 'expected_revision', 'addresses', 'save']);
    expect(schema.properties.content!.description).toBe('New full content (for write; required)');
    // a field of every offered action names no actions, only where it is required
    expect(schema.properties.tabId!.description).not.toMatch(/\(actions:/);
    expect(toMcpInputSchema(documentTool, ['write']).properties.content!.description).toBe('New full content (required)');
  });

  it('carries the seed limits into JSON Schema', () => {
    const properties = toMcpInputSchema(browserTool).properties;
    expect(properties.timeoutMs).toMatchObject({ type: 'integer', minimum: 1, maximum: 9000 });
    expect(properties.handle).toMatchObject({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._-]+$' });
    expect(properties.operation).toMatchObject({ enum: ['click', 'type', 'scroll', 'key'] });
    expect(properties.profile).toMatchObject({ pattern: '^[A-Za-z0-9._-]+$' });
    expect(properties.recordOp).toMatchObject({ enum: ['start', 'stop'] });
    expect(properties.modifiers).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys((properties.modifiers as { properties: object }).properties)).toEqual(['ctrl', 'shift', 'alt', 'meta']);
  });

  it('produces JSON without a $schema key on fields', () => {
    for (const tool of TOOLS) {
      const schema = toMcpInputSchema(tool);
      for (const property of Object.values(schema.properties)) expect(property).not.toHaveProperty('$schema');
    }
  });
});

describe('mcpToolList', () => {
  it('GEN-01 lists all ten tools when every action is offered', () => {
    const list = mcpToolList(new Map(TOOLS.map((tool) => [tool.name, Object.keys(tool.actions)])));
    expect(list.map((tool) => tool.name)).toEqual(TOOLS.map((tool) => tool.name));
    expect(list[0]).toMatchObject({ name: 'session', title: 'Session state', annotations: { readOnlyHint: true } });
  });

  it('leaves out tools without offered actions and describes only offered actions', () => {
    const list = mcpToolList(new Map([['document', ['read']], ['browser', []]]));
    expect(list.map((tool) => tool.name)).toEqual(['document']);
    expect(list[0]!.description).toContain('- read: ');
    expect(list[0]!.description).not.toContain('- write: ');
    expect(list[0]!.inputSchema.properties.action).toMatchObject({ enum: ['read'] });
    expect(findTool('document')!.title).toBe(list[0]!.title);
  });
});

describe('say only what is served', () => {
  const all = new Map(TOOLS.map((tool) => [tool.name, Object.keys(tool.actions)]));
  const mentionsOf = (offered: ReadonlyMap<string, readonly string[]>): string[] => {
    const listed = JSON.stringify(mcpToolList(offered));
    return TOOLS.flatMap((tool) => Object.keys(tool.actions).map((action) => `${tool.name}.${action}`)).filter(
      (qualified) => new RegExp(`\\b${qualified.replace('.', '\\.')}\\b`).test(listed),
    );
  };

  it('GEN-03 the served titles and descriptions name no action that is not offered', () => {
    const offered = new Set([...OFFERED_ACTIONS].flatMap(([tool, actions]) => actions.map((action) => `${tool}.${action}`)));
    expect(mentionsOf(OFFERED_ACTIONS).filter((qualified) => !offered.has(qualified))).toEqual([]);
    const browser = mcpToolList(new Map([['browser', ['open', 'navigate']]]))[0]!;
    expect(browser.title).toBe('Browser: navigate');
    expect(browser.description).not.toMatch(/EVAL_TIMEOUT|STALE_COMMAND|stored login/);
  });

  it('names an action as soon as it is offered, in the seed\'s words when all are', () => {
    const [browser, browserRead] = mcpToolList(all).filter((tool) => tool.name.startsWith('browser'));
    expect(browser!.title).toBe('Browser: act, navigate, run');
    expect(browser!.description).toContain(
      'The mutating half of the browser: everything that changes a page, a tab or a stored login. Read first with browser_read; targets refer to what a read returned. Refusals arrive as "TOKEN: message" with the token in structuredContent (BROWSER_DISABLED, NOT_GRANTED, STALE_COMMAND, EVAL_TIMEOUT, TAB_LIMIT, …): match the token, not the text. EVAL_TIMEOUT is indeterminate: read the page before acting again.',
    );
    expect(browserRead!.description).toContain('never pass it straight back to browser.act');
    const withAct = mcpToolList(new Map([['browser', ['act']], ['browser_read', ['read']]]));
    expect(withAct.map((tool) => tool.title)).toEqual(['Browser: act, navigate', 'Browser: observe (read-only)']);
    expect(withAct[1]!.description).toContain('browser.act');
  });
});


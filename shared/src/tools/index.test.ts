import { describe, expect, it } from 'vitest';
import { renderProse } from './defineTool';
import { TOOLS, findTool } from './index';
import { isRequiredField } from './mcpSchema';

/** Tool → action → argument names, exactly as the seed lists them (required ones marked with !). */
const SEED_SURFACE: Record<string, Record<string, string[]>> = {
  session: { get_state: [] },
  workspace: {
    new: ['kind', 'windowLabel'],
    open: ['filePath!', 'windowLabel'],
    open_workspace: ['folderPath!'],
    save: ['tabId'],
    save_as: ['tabId', 'filePath!'],
    close: ['tabId!', 'force'],
    switch_tab: ['tabId!'],
    focus_window: ['windowLabel!'],
  },
  document: {
    read: ['tabId'],
    write: ['tabId', 'content!', 'expected_revision', 'addresses', 'save'],
    transform: ['tabId', 'kind!', 'expected_revision', 'addresses'],
  },
  workflow: {
    apply_patch: ['tabId', 'patches!', 'expected_revision', 'addresses'],
    validate: ['tabId'],
  },
  selection: {
    get: ['tabId'],
    set: ['tabId', 'content!', 'expected_revision', 'addresses'],
  },
  comments: {
    list: ['tabId', 'cursor'],
    reply: ['tabId', 'commentId!', 'body!', 'expectedCommentGen!'],
    mark_addressed: ['tabId', 'commentId!', 'expectedCommentGen!'],
  },
  browser: {
    act: ['tabId', 'operation!', 'ref', 'role', 'name', 'text', 'dy', 'key', 'modifiers'],
    workflow_run: ['tabId', 'source!', 'inputs', 'allowRepeat', 'resumeRunId'],
    workflow_cancel: ['tabId', 'runId!'],
    workflow_record: ['tabId', 'recordOp!', 'site'],
    open: ['url!', 'timeoutMs', 'profile'],
    navigate: ['tabId', 'url!', 'timeoutMs'],
    close: ['tabId!'],
    style: ['tabId', 'ref', 'selector', 'set', 'addClasses', 'removeClasses', 'injectCss'],
    execute_js: ['tabId', 'script!'],
    session_save: ['tabId', 'handle!'],
    session_load: ['tabId', 'handle!'],
    console_clear: ['tabId'],
  },
  browser_read: {
    read: ['tabId'],
    screenshot: ['tabId'],
    query: ['tabId', 'selector!', 'fields'],
    extract: ['tabId'],
    workflow_status: ['tabId', 'runId!'],
    console: ['tabId'],
    wait: ['tabId', 'navigationId', 'timeoutMs'],
    wait_for: ['tabId', 'ref', 'role', 'name', 'text', 'urlContains', 'timeoutMs'],
  },
  coherence: {
    status: ['workspace_root!'],
    edges: ['workspace_root!'],
    claims: ['workspace_root!'],
    contexts: ['workspace_root!'],
  },
  coherence_resolve: {
    resolve: ['workspace_root!', 'txf!', 'input!', 'resolution!', 'reason'],
  },
};

function toolNamesWhere(predicate: (tool: (typeof TOOLS)[number]) => boolean): string[] {
  return TOOLS.filter(predicate).map((tool) => tool.name);
}

describe('TOOLS', () => {
  it('GEN-01 exactly ten tools, in the seed order', () => {
    expect(TOOLS.map((tool) => tool.name)).toEqual(Object.keys(SEED_SURFACE));
  });

  it('GEN-03 readOnlyHint exactly on session, browser_read, coherence', () => {
    expect(toolNamesWhere((tool) => tool.annotations.readOnlyHint === true)).toEqual(['session', 'browser_read', 'coherence']);
    for (const tool of TOOLS) expect(typeof tool.annotations.readOnlyHint).toBe('boolean');
  });

  it('BRW-05 CRS destructiveHint exactly on browser and coherence_resolve', () => {
    expect(toolNamesWhere((tool) => tool.annotations.destructiveHint === true)).toEqual(['browser', 'coherence_resolve']);
    for (const tool of TOOLS) expect(tool.annotations.destructiveHint).toBeTypeOf('boolean');
  });

  it('BRR-03 openWorldHint exactly on browser and browser_read', () => {
    expect(toolNamesWhere((tool) => tool.annotations.openWorldHint === true)).toEqual(['browser', 'browser_read']);
    for (const tool of TOOLS) expect(tool.annotations.openWorldHint).toBeTypeOf('boolean');
  });

  it('every tool has a title and a description', () => {
    for (const tool of TOOLS) {
      for (const offered of [() => true, () => false]) {
        expect(renderProse(tool.title, offered).length, tool.name).toBeGreaterThan(3);
        expect(renderProse(tool.description, offered).length, tool.name).toBeGreaterThan(40);
      }
    }
  });

  for (const [toolName, actions] of Object.entries(SEED_SURFACE)) {
    it(`${toolName} has exactly the seed's actions`, () => {
      expect(Object.keys(findTool(toolName)!.actions)).toEqual(Object.keys(actions));
    });

    for (const [actionName, seedArgs] of Object.entries(actions)) {
      it(`${toolName}.${actionName} has exactly the seed's arguments and required ones`, () => {
        const def = findTool(toolName)!.actions[actionName]!;
        const fields = Object.entries(def.args.shape);
        expect(fields.map(([name]) => name)).toEqual(seedArgs.map((arg) => arg.replace('!', '')));
        const required = fields.filter(([, field]) => isRequiredField(field as never)).map(([name]) => `${name}!`);
        expect(required).toEqual(seedArgs.filter((arg) => arg.endsWith('!')));
        expect(def.description.length).toBeGreaterThan(10);
      });
    }
  }

  it('WSP-OWS-03 open_workspace takes no windowLabel', () => {
    expect(Object.keys(findTool('workspace')!.actions.open_workspace!.args.shape)).not.toContain('windowLabel');
  });

  it('CMT-01 comments has no resolve, reopen or delete action', () => {
    const actions = Object.keys(findTool('comments')!.actions);
    for (const forbidden of ['resolve', 'reopen', 'delete']) expect(actions).not.toContain(forbidden);
  });

  it('GEN-02 GEN-06 the tools cover the backbone, files and windows, workflows, the selection, the browser and coherence; none formats a document', () => {
    const names = TOOLS.map((tool) => tool.name);
    for (const area of ['session', 'document', 'workspace', 'workflow', 'selection', 'browser', 'browser_read', 'coherence']) expect(names).toContain(area);
    const formatting = /bold|italic|strike|heading|table|bullet|blockquote|code_block|format/;
    for (const tool of TOOLS) {
      for (const action of Object.keys(tool.actions)) expect(`${tool.name}.${action}`).not.toMatch(formatting);
    }
  });

  it('BRW-CCLR-03 console_clear (a DOM write) is on browser, not on the read-only browser_read beside console', () => {
    expect(Object.keys(findTool('browser')!.actions)).toContain('console_clear');
    expect(findTool('browser')!.annotations.readOnlyHint).toBe(false);
    expect(Object.keys(findTool('browser_read')!.actions)).toContain('console');
    expect(Object.keys(findTool('browser_read')!.actions)).not.toContain('console_clear');
  });

  it('findTool returns undefined for an unknown name', () => {
    expect(findTool('format')).toBeUndefined();
  });
});

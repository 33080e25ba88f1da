import { describe, expect, it } from 'vitest';
import { renderProse } from './defineTool';
import { findTool } from './index';

/** The seed's advice to the AI, as the client sees it in tools/list (every action offered). */
const toolText = (name: string): string => renderProse(findTool(name)!.description, () => true);
const actionText = (tool: string, action: string): string => findTool(tool)!.actions[action]!.description;

describe('guidance in the descriptions', () => {
  it('BRW-01 BRW-08 browser: read first with browser_read; match the refusal token, not the text', () => {
    expect(toolText('browser')).toContain('Read first with browser_read; targets refer to what a read returned.');
    expect(toolText('browser')).toContain('match the token, not the text');
  });

  it('BRW-ACT-02 act: role + name shows a readable approval prompt', () => {
    expect(actionText('browser', 'act')).toContain('role + name (shows a readable approval prompt)');
  });

  it('BRW-JS-08 execute_js: prefer query or style', () => {
    expect(actionText('browser', 'execute_js')).toContain('Prefer browser_read.query or style.');
  });

  it('BRR-WAITFOR-06 wait_for: act, wait_for the result, then read', () => {
    expect(actionText('browser_read', 'wait_for')).toContain('Act, wait_for the result, then read.');
  });

  it('WSP-SWITCH-03 switch_tab: tell the user when workspaceSwitched is true', () => {
    expect(actionText('workspace', 'switch_tab')).toContain('Tell the user when workspaceSwitched is true.');
  });

  it('WFL-06 WFL-PATCH-02 GEN-11 workflow: apply_patch for single fields (comments survive), document.write for rewrites, validate for actionlint', () => {
    expect(toolText('workflow')).toContain('use apply_patch to change single fields while comments, anchors and key order survive (document.write loses them; use it for rewrites or new files)');
    expect(toolText('workflow')).toContain('"yaml-workflow"');
    expect(actionText('workflow', 'validate')).toMatch(/actionlint/);
  });
});

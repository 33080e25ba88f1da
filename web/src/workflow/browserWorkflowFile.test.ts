import { describe, expect, it } from 'vitest';
import { browserWorkflowDiagnostics, isBrowserWorkflowPath, isBrowserWorkflowTab, NEW_BROWSER_WORKFLOW } from './browserWorkflowFile';

describe('browser workflow files', () => {
  it('are *.workflow.md, saved or untitled', () => {
    expect(isBrowserWorkflowPath('/w/flows/Order.Workflow.md')).toBe(true);
    expect(isBrowserWorkflowPath('/w/notes.md')).toBe(false);
    expect(isBrowserWorkflowTab({ filePath: null, title: 'Untitled-1.workflow' })).toBe(true);
    expect(isBrowserWorkflowTab({ filePath: null, title: 'Untitled-1' })).toBe(false);
  });

  it('report the parser diagnostics with line, column and code; the new-workflow skeleton has none', () => {
    expect(browserWorkflowDiagnostics(NEW_BROWSER_WORKFLOW)).toEqual([]);
    const bad = NEW_BROWSER_WORKFLOW.replace('1. action: navigate', '1. actoin: navigate');
    expect(browserWorkflowDiagnostics(bad)).toEqual([{ line: 5, col: 4, severity: 'error', message: expect.stringMatching(/\[unknown-kind\]$/) as unknown as string }]);
  });
});

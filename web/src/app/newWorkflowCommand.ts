import { createTab } from '../state/windowActions';
import type { WindowStore } from '../state/store';
import { NEW_BROWSER_WORKFLOW } from '../workflow/browserWorkflowFile';

/**
 * "New workflow": an untitled browser workflow in source mode, checked as you type. Its title ends
 * in ".workflow", so Save As suggests a *.workflow.md name; paste a recorded workflow over the
 * skeleton or write one.
 */
export function newBrowserWorkflow(store: WindowStore): void {
  const tab = createTab(store, { workspaceInstanceId: store.getSnapshot().activeWorkspaceInstanceId, filePath: null, kind: 'markdown', content: NEW_BROWSER_WORKFLOW }, { activate: true });
  store.update((m) => ({ ...m, tabs: m.tabs.map((t) => (t.id === tab.id ? { ...t, title: `${t.title}.workflow`, mode: 'source' } : t)) }));
}

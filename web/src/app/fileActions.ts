import type { WorkspaceFS } from '../fs/WorkspaceFS';
import type { WindowStore } from '../state/store';
import { activateTab, createTab, kindOf, markSaved } from '../state/windowActions';

/** What the person's clicks do with files; MCP handlers have their own, stricter paths. */
export async function openFileForPerson(store: WindowStore, fs: WorkspaceFS, workspaceInstanceId: string, path: string): Promise<void> {
  const existing = store.getSnapshot().tabs.find((t) => t.filePath === path);
  if (existing) {
    activateTab(store, existing.id);
    return;
  }
  const content = await fs.readText(path);
  createTab(store, { workspaceInstanceId, filePath: path, kind: kindOf(path), content }, { activate: true });
}

export async function saveTabForPerson(store: WindowStore, tabId: string): Promise<void> {
  store.flush();
  const tab = store.tab(tabId);
  if (!tab?.filePath) return;
  const workspace = store.getSnapshot().workspaces.find((w) => w.id === tab.workspaceInstanceId);
  if (!workspace) return;
  await workspace.fs.writeText(tab.filePath, tab.content);
  markSaved(store, tabId, tab.content);
}

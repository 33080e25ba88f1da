import type { WorkspaceFS } from '../fs/WorkspaceFS';
import type { WindowStore } from '../state/store';
import { addSnapshot } from '../journal/history';
import { fileKeyOf, saveFile } from '../documents/saveFile';
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

/** The person's save (Ctrl+S): ordered with every other save of the file, and kept in its history. */
export async function saveTabForPerson(store: WindowStore, tabId: string, realpath: (p: string) => Promise<string>): Promise<void> {
  store.flush();
  const tab = store.tab(tabId);
  if (!tab?.filePath) return;
  const workspace = store.getSnapshot().workspaces.find((w) => w.id === tab.workspaceInstanceId);
  if (!workspace) return;
  const path = tab.filePath;
  let content = tab.content;
  const result = await saveFile({
    fs: workspace.fs,
    path,
    fileKey: await fileKeyOf(workspace.fs, path, realpath),
    content: () => (content = store.tab(tabId)?.content ?? content),
    stillInScope: () => null,
  });
  if (result.status !== 'saved') {
    store.notify(`${tab.title} was not saved: ${result.status === 'error' || result.status === 'out-of-scope' ? result.message : result.status}`);
    return;
  }
  markSaved(store, tabId, content);
  await addSnapshot({ docKey: path, kind: 'save', content, addresses: [], journalEntryId: null }).catch(() => undefined);
}

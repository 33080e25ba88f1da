import type { WorkspaceFS } from '../fs/WorkspaceFS';
import type { WindowStore } from '../state/store';
import { addSnapshot } from '../journal/history';
import { fileKeyOf, saveFile } from '../documents/saveFile';
import { activateTab, createTab, kindOf, markSaved } from '../state/windowActions';
import type { CommentStore } from '../comments/commentStore';
import { moveStoredComments } from '../comments/moveComments';
import { isWithin, titleOf } from '../lib/paths';

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

/**
 * The person renames or moves a file or folder of the workspace: the tabs on it and the stored
 * comments of its documents follow. A failed move of the comments is reported; the files stay renamed.
 */
export async function renameForPerson(store: WindowStore, comments: CommentStore, fs: WorkspaceFS, from: string, to: string): Promise<void> {
  const kind = (await fs.stat(from))?.kind === 'directory' ? 'directory' : 'file';
  await fs.rename(from, to);
  let problem: string | null = null;
  await comments.renamed(from, () => moveStoredComments(fs, from, to, kind)).catch((error: Error) => {
    problem = `The comments of ${from} could not be moved along: ${error.message}`;
  });
  for (const tab of store.getSnapshot().tabs) {
    if (!tab.filePath || !isWithin(from, tab.filePath)) continue;
    const filePath = to + tab.filePath.slice(from.length);
    store.updateTab(tab.id, (t) => ({ ...t, filePath, title: titleOf(filePath) }));
  }
  if (problem) store.notify(problem);
}

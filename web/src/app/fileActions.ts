import type { WorkspaceFS } from '../fs/WorkspaceFS';
import type { WindowStore } from '../state/store';
import { addSnapshot } from '../journal/history';
import { moveDocumentRecords } from '../journal/moveDocumentRecords';
import { announceMove, onFileMoved } from '../documents/fileEvents';
import { saveTabTo, type SaveTarget } from '../documents/saveTab';
import type { SaveCause } from '@vmark/shared';
import { activateTab, createTab, isVMarkData, kindOf, openFile } from '../state/windowActions';
import type { CommentStore } from '../comments/commentStore';
import { moveStoredComments } from '../comments/moveComments';
import { recordRename } from '../coherence/saveCapture';
import { dirname, isWithin, joinPath, normalizeMcpPath, titleOf } from '@vmark/shared/lib/paths/index';

/** What the person's clicks do with files; MCP handlers have their own, stricter paths. */
export async function openFileForPerson(store: WindowStore, fs: WorkspaceFS, workspaceInstanceId: string, path: string): Promise<void> {
  await openFile(store, fs, workspaceInstanceId, path);
}

/** The person's save (Ctrl+S): ordered with every other save of the file, and kept in its history. */
export async function saveTabForPerson(store: WindowStore, tabId: string, realpath: (p: string) => Promise<string>, cause: SaveCause = { by: 'person' }): Promise<boolean> {
  store.flush();
  const tab = store.tab(tabId);
  if (!tab?.filePath) return false;
  const workspace = store.getSnapshot().workspaces.find((w) => w.id === tab.workspaceInstanceId);
  if (!workspace) return false;
  const problem = await saveForPerson(store, tabId, { fs: workspace.fs, path: tab.filePath }, realpath, cause);
  if (problem) store.notify(`${tab.title} was not saved: ${problem}`);
  return problem === null;
}

/** Saves the tab to `target` and keeps the save in the file's history; returns what went wrong, or null. */
async function saveForPerson(store: WindowStore, tabId: string, target: SaveTarget, realpath: (p: string) => Promise<string>, cause: SaveCause = { by: 'person' }): Promise<string | null> {
  const result = await saveTabTo(store, tabId, target, { realpath, stillInScope: () => null, cause });
  switch (result.status) {
    case 'saved':
      await addSnapshot({ docKey: target.path, kind: 'save', content: result.content, addresses: [], journalEntryId: null }).catch(() => undefined);
      return null;
    case 'exists':
      return `a file appeared at ${target.path} meanwhile; it keeps its content and nothing was written.`;
    case 'error':
    case 'out-of-scope':
      return result.message;
    default:
      return result.status;
  }
}

/** A checked Save As destination: inside an open workspace, not VMark's own data, not a folder. */
export type SaveAsDestination = { path: string; fs: WorkspaceFS; workspaceInstanceId: string; exists: boolean } | { problem: string };

/**
 * Where the person asks to save a tab: an absolute path, or one relative to the tab's workspace
 * (the shown one for a tab of none). Normalised by the same rule as the AI's paths.
 */
export async function checkSaveAsPath(store: WindowStore, tabId: string, input: string): Promise<SaveAsDestination> {
  const m = store.getSnapshot();
  const tab = store.tab(tabId);
  const home = m.workspaces.find((w) => w.id === (tab?.workspaceInstanceId ?? m.activeWorkspaceInstanceId));
  const typed = input.trim();
  if (!typed) return { problem: 'Enter a file name or a path inside the workspace.' };
  if (!home && !typed.startsWith('/')) return { problem: 'Open a folder first: a document is saved inside a workspace.' };
  const normalized = normalizeMcpPath(typed.startsWith('/') || !home ? typed : joinPath(home.fs.root, typed));
  if (!normalized.ok) return { problem: `${typed} is not an acceptable path (${normalized.reason}).` };
  const path = normalized.path;
  const workspace = home && isWithin(home.fs.root, path) ? home : m.workspaces.find((w) => isWithin(w.fs.root, path));
  if (!workspace) return { problem: `${path} is outside the workspace${home ? ` (${home.fs.root})` : ''}; choose a path inside it.` };
  if (path === workspace.fs.root || path.endsWith('/')) return { problem: 'Enter a file name, not a folder.' };
  if (isVMarkData(path)) return { problem: '.vmark holds VMark\'s own data; choose another folder.' };
  let stat;
  try {
    stat = await workspace.fs.stat(path);
  } catch (error) {
    return { problem: `${path} cannot be checked: ${(error as Error).message}` };
  }
  if (stat?.kind === 'directory') return { problem: `${path} is a folder; enter a file name.` };
  return { path, fs: workspace.fs, workspaceInstanceId: workspace.id, exists: stat !== null && path !== tab?.filePath };
}

/**
 * The person's Save As: the tab now points at the new file (the old one is not touched). A file
 * already there is replaced only when `replace` says the person confirmed it.
 */
export async function saveTabAsForPerson(
  store: WindowStore,
  tabId: string,
  destination: { path: string; fs: WorkspaceFS; workspaceInstanceId: string },
  replace: boolean,
  realpath: (p: string) => Promise<string>,
): Promise<string | null> {
  store.flush();
  const tab = store.tab(tabId);
  if (!tab) return 'The tab is gone.';
  const { fs, path } = destination;
  try {
    if (!(await fs.stat(dirname(path)))) await fs.mkdir(dirname(path));
  } catch (error) {
    return `The folder ${dirname(path)} could not be created: ${(error as Error).message}`;
  }
  const problem = await saveForPerson(store, tabId, { fs, path, createOnly: !replace && path !== tab.filePath }, realpath);
  if (problem === null) store.updateTab(tabId, (t) => ({ ...t, workspaceInstanceId: destination.workspaceInstanceId }));
  return problem;
}

/**
 * The person renames or moves a file or folder of the workspace: the tabs on it and the stored
 * comments of its documents follow. A failed move of the comments is reported; the files stay renamed.
 */
export async function renameForPerson(store: WindowStore, comments: CommentStore, fs: WorkspaceFS, from: string, to: string): Promise<void> {
  const kind = (await fs.stat(from))?.kind === 'directory' ? 'directory' : 'file';
  await fs.rename(from, to);
  await recordRename(fs, from, to);
  let problem: string | null = null;
  await comments.renamed(from, to, () => moveStoredComments(fs, from, to, kind)).catch((error: Error) => {
    problem = `The comments of ${from} could not be moved along: ${error.message}`;
  });
  await moveDocumentRecords(from, to).catch((error: Error) => {
    problem = `The history of ${from} could not be moved along (it is still kept under the old name): ${error.message}`;
  });
  // after the comments moved: the other windows then load them from the new place
  announceMove(from, to);
  followMove(store, from, to);
  if (problem) store.notify(problem);
}

/** The tabs on a renamed or moved file (or on files in a moved folder) take the new path. */
function followMove(store: WindowStore, from: string, to: string): void {
  for (const tab of store.getSnapshot().tabs) {
    if (!tab.filePath || !isWithin(from, tab.filePath)) continue;
    const filePath = to + tab.filePath.slice(from.length);
    store.updateTab(tab.id, (t) => ({ ...t, filePath, title: titleOf(filePath) }));
  }
}

/**
 * Another window renamed or moved a file: this window's tabs on it follow (so a save does not bring
 * back the old file), and its comments are looked up under the new path once this window's pending
 * comment changes are stored. The comments file itself was moved by the renaming window.
 */
export function followMovesOfOtherWindows(store: WindowStore, comments: CommentStore): () => void {
  return onFileMoved(({ from, to }) => {
    void comments.renamed(from, to, async () => undefined).finally(() => followMove(store, from, to));
  });
}

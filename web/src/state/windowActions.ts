import type { DocumentKind } from '@vmark/shared';
import { isWorkflowFile } from '@vmark/shared/lib/workflow/index';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { newRevision, newTabId, newWorkspaceInstanceId } from '../lib/randomId';
import { isWithin, titleOf } from '@vmark/shared/lib/paths/index';
import { isBrowserWorkflowPath } from '../workflow/browserWorkflowFile';
import type { WindowStore } from './store';
import type { Tab, WindowModel, WorkspaceInstance } from './types';

/** State transitions shared by the UI and the MCP handlers. */

export function addWorkspace(store: WindowStore, fs: WorkspaceFS, activate: boolean): WorkspaceInstance {
  const existing = store.getSnapshot().workspaces.find((w) => w.fs.root === fs.root);
  const instance = existing ?? { id: newWorkspaceInstanceId(), fs };
  store.update((m) => ({
    ...m,
    workspaces: existing ? m.workspaces : [...m.workspaces, instance],
    // tabs of files in this folder that were opened before it (e.g. restored after a crash) move into it
    tabs: m.tabs.map((t) =>
      t.filePath && isWithin(fs.root, t.filePath) && !m.workspaces.some((w) => w.id === t.workspaceInstanceId && isWithin(w.fs.root, t.filePath as string))
        ? { ...t, workspaceInstanceId: instance.id }
        : t,
    ),
    activeWorkspaceInstanceId: activate || m.activeWorkspaceInstanceId === null ? instance.id : m.activeWorkspaceInstanceId,
  }));
  if (activate) switchWorkspace(store, instance.id);
  return instance;
}

export function switchWorkspace(store: WindowStore, workspaceInstanceId: string): void {
  store.update((m) => {
    if (m.activeWorkspaceInstanceId === workspaceInstanceId) return m;
    const lastTab = m.lastTabOfWorkspace[workspaceInstanceId];
    const fallback = m.tabs.find((t) => t.workspaceInstanceId === workspaceInstanceId)?.id ?? null;
    const rememberCurrent =
      m.activeWorkspaceInstanceId && m.activeTabId ? { [m.activeWorkspaceInstanceId]: m.activeTabId } : {};
    return {
      ...m,
      activeWorkspaceInstanceId: workspaceInstanceId,
      activeTabId: lastTab && m.tabs.some((t) => t.id === lastTab) ? lastTab : fallback,
      lastTabOfWorkspace: { ...m.lastTabOfWorkspace, ...rememberCurrent },
    };
  });
}

export function kindOf(path: string, content?: string): DocumentKind {
  return isWorkflowFile(path, content) ? 'yaml-workflow' : 'markdown';
}

export function createTab(
  store: WindowStore,
  init: { workspaceInstanceId: string | null; filePath: string | null; kind: DocumentKind; content: string },
  options: { activate: boolean },
): Tab {
  const untitledCount = store.getSnapshot().tabs.filter((t) => t.filePath === null).length;
  const tab: Tab = {
    id: newTabId(),
    workspaceInstanceId: init.workspaceInstanceId,
    filePath: init.filePath,
    title: init.filePath ? titleOf(init.filePath) : `Untitled-${untitledCount + 1}`,
    kind: init.kind,
    content: init.content,
    savedContent: init.content,
    revision: newRevision(),
    pinned: false,
    mode: init.kind === 'yaml-workflow' || (init.filePath !== null && isBrowserWorkflowPath(init.filePath)) || isLargeDocument(init.content) ? 'source' : 'wysiwyg',
    readOnly: init.filePath !== null && isVMarkData(init.filePath),
    journalSeenAt: Date.now(),
    diverged: false,
    conflict: null,
  };
  store.update((m) => ({
    ...m,
    tabs: [...m.tabs, tab],
    activeTabId: options.activate || m.activeTabId === null ? tab.id : m.activeTabId,
    lastTabOfWorkspace:
      !options.activate && tab.workspaceInstanceId && !m.lastTabOfWorkspace[tab.workspaceInstanceId]
        ? { ...m.lastTabOfWorkspace, [tab.workspaceInstanceId]: tab.id }
        : m.lastTabOfWorkspace,
  }));
  return tab;
}

export function activateTab(store: WindowStore, tabId: string): { workspaceSwitched: boolean } {
  const tab = store.tab(tabId);
  if (!tab) return { workspaceSwitched: false };
  const m = store.getSnapshot();
  const workspaceSwitched =
    m.workspaceBar && tab.workspaceInstanceId !== null && tab.workspaceInstanceId !== m.activeWorkspaceInstanceId;
  if (workspaceSwitched && tab.workspaceInstanceId) switchWorkspace(store, tab.workspaceInstanceId);
  store.update((s) => ({ ...s, activeTabId: tabId }));
  return { workspaceSwitched };
}

/** The file's tab, activated: the one open already, or a new one read from the workspace. */
export async function openFile(store: WindowStore, fs: WorkspaceFS, workspaceInstanceId: string, path: string): Promise<void> {
  const existing = store.getSnapshot().tabs.find((t) => t.filePath === path);
  if (existing) {
    activateTab(store, existing.id);
    return;
  }
  const content = await fs.readText(path);
  createTab(store, { workspaceInstanceId, filePath: path, kind: kindOf(path), content }, { activate: true });
}

export function removeTab(store: WindowStore, tabId: string): void {
  store.update((m) => {
    const index = m.tabs.findIndex((t) => t.id === tabId);
    if (index < 0) return m;
    const tabs = m.tabs.filter((t) => t.id !== tabId);
    let activeTabId = m.activeTabId;
    if (activeTabId === tabId) {
      const closed = m.tabs[index] as Tab;
      const sameWorkspace = tabs.filter((t) => t.workspaceInstanceId === closed.workspaceInstanceId);
      activeTabId = (sameWorkspace[Math.min(index, sameWorkspace.length - 1)] ?? null)?.id ?? null;
    }
    return { ...m, tabs, activeTabId };
  });
  store.forgetTab(tabId);
  // React keeps the model of its previous render (each fiber's alternate) until it renders again,
  // and with it the closed tab and its whole text: one more render, after this one, lets it go.
  setTimeout(() => store.update((m) => ({ ...m })), 0);
}

/** VMark's own data beside a workspace (comments, ledger) opens read-only: edits go through VMark, not the text. */
export function isVMarkData(path: string): boolean {
  return path.split('/').includes('.vmark');
}

/** Over ~2 MB or 20k lines a document opens in source mode (the WYSIWYG view would be too slow). */
export const LARGE_DOCUMENT_BYTES = 2_000_000;
export const LARGE_DOCUMENT_LINES = 20_000;

export function isLargeDocument(content: string): boolean {
  if (content.length > LARGE_DOCUMENT_BYTES) return true;
  let lines = 0;
  for (let i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) if (++lines > LARGE_DOCUMENT_LINES) return true;
  return false;
}

/** Switches a markdown tab between WYSIWYG and source, keeping the cursor in the same block. */
export function toggleMode(store: WindowStore, tabId: string): void {
  const tab = store.tab(tabId);
  if (!tab || tab.kind !== 'markdown') return;
  const editor = store.editor(tabId);
  store.flush();
  if (editor) store.cursorHandOver.set(tabId, editor.cursorBlock());
  store.updateTab(tabId, (t) => ({ ...t, mode: t.mode === 'wysiwyg' ? 'source' : 'wysiwyg' }));
}

/** Pinned tabs come first; otherwise the order stays. */
function pinnedFirst(tabs: Tab[]): Tab[] {
  return [...tabs.filter((t) => t.pinned), ...tabs.filter((t) => !t.pinned)];
}

function withTabs(m: WindowModel, tabs: Tab[]): WindowModel {
  return tabs.every((t, i) => t === m.tabs[i]) ? m : { ...m, tabs };
}

export function togglePin(store: WindowStore, tabId: string): void {
  store.update((m) => withTabs(m, pinnedFirst(m.tabs.map((t) => (t.id === tabId ? { ...t, pinned: !t.pinned } : t)))));
}

/** The tabs the tab bar shows: those of the shown workspace and those of none. */
export function visibleTabs(m: WindowModel): Tab[] {
  const shown = m.workspaceBar ? m.activeWorkspaceInstanceId : null;
  return m.tabs.filter((t) => shown === null || t.workspaceInstanceId === null || t.workspaceInstanceId === shown);
}

/** Moves a tab to where `targetId` is (after it when moving right, before it when moving left); pinned tabs stay first. */
export function moveTab(store: WindowStore, tabId: string, targetId: string): void {
  store.update((m) => {
    const from = m.tabs.findIndex((t) => t.id === tabId);
    const to = m.tabs.findIndex((t) => t.id === targetId);
    if (from < 0 || to < 0 || from === to) return m;
    const tabs = [...m.tabs];
    const [moving] = tabs.splice(from, 1);
    tabs.splice(to, 0, moving as Tab);
    return withTabs(m, pinnedFirst(tabs));
  });
}

/** The keyboard's move: the active tab swaps places with its visible neighbour. */
export function moveActiveTab(store: WindowStore, direction: -1 | 1): void {
  const m = store.getSnapshot();
  const shown = visibleTabs(m);
  const index = shown.findIndex((t) => t.id === m.activeTabId);
  const neighbour = shown[index + direction];
  if (index >= 0 && neighbour) moveTab(store, shown[index]?.id as string, neighbour.id);
}

/** The file of these tabs now holds `disk` (another window saved it, or something outside VMark changed it). */
export function applyDiskContent(store: WindowStore, path: string, disk: string): void {
  for (const tab of store.getSnapshot().tabs) {
    if (tab.filePath !== path || tab.savedContent === disk) continue;
    if (tab.content === tab.savedContent) {
      // a clean tab follows the disk: a real content change, so a new revision
      store.updateTab(tab.id, (t) => ({ ...t, content: disk, savedContent: disk, revision: newRevision(), journalSeenAt: Date.now(), conflict: null, diverged: false }));
    } else {
      store.updateTab(tab.id, (t) => ({ ...t, conflict: disk }));
    }
  }
}

/** The person's answer to a conflict: keep their text (the tab diverges from disk) or take the disk's. */
export function resolveConflict(store: WindowStore, tabId: string, choice: 'keep-mine' | 'take-disk'): void {
  store.updateTab(tabId, (t) => {
    if (t.conflict === null) return t;
    if (choice === 'keep-mine') return { ...t, savedContent: t.conflict, conflict: null, diverged: true };
    return { ...t, content: t.conflict, savedContent: t.conflict, conflict: null, diverged: false, revision: newRevision(), journalSeenAt: Date.now() };
  });
}

export function markSaved(store: WindowStore, tabId: string, content: string, filePath?: string): void {
  store.updateTab(tabId, (t) => ({
    ...t,
    savedContent: content,
    diverged: false,
    conflict: null,
    ...(filePath ? { filePath, title: titleOf(filePath) } : {}),
  }));
}

import { DomainErrorException, invalidPath, invalidTab } from '@vmark/shared';
import { normalizeMcpPath } from '@vmark/shared/lib/paths/index';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { dirname, isWithin } from '../lib/paths';
import type { Tab } from '../state/types';
import type { ActionContext } from './defineAction';

/** An explicit tabId must name a tab of this window; without one, the focused (active) tab. */
export function resolveTab(ctx: ActionContext, tabId: string | undefined): Tab {
  const model = ctx.store.getSnapshot();
  const id = tabId ?? model.activeTabId;
  const tab = id ? ctx.store.tab(id) : undefined;
  if (!tab) {
    throw new DomainErrorException(
      tabId === undefined
        ? invalidTab(undefined, 'No tab is focused; pass a tabId from session.get_state.')
        : invalidTab(tabId, `No document tab has the id "${tabId}"; call session.get_state for the current tab ids.`),
    );
  }
  return tab;
}

/** Normalisation of an absolute MCP path by the one shared rule (.., encoded forms, Unicode); anything odd is refused. */
export function normalizePath(path: string): string {
  const normalized = normalizeMcpPath(path);
  if (!normalized.ok) throw new DomainErrorException(invalidPath(path, `${path} is not an acceptable absolute path (${normalized.reason}).`));
  return normalized.path;
}

export interface ScopedPath {
  path: string;
  fs: WorkspaceFS;
  workspaceInstanceId: string | null;
}

/**
 * Path scope (seed: workspace): the root of an open workspace or the folder of an open document,
 * nothing else. With neither, every file operation is refused.
 */
export function scopePath(ctx: ActionContext, rawPath: string): ScopedPath {
  const path = normalizePath(rawPath);
  const model = ctx.store.getSnapshot();
  const workspace = model.workspaces.find((w) => isWithin(w.fs.root, path));
  if (workspace) return { path, fs: workspace.fs, workspaceInstanceId: workspace.id };
  for (const tab of model.tabs) {
    if (!tab.filePath || dirname(tab.filePath) !== dirname(path)) continue;
    const owner = model.workspaces.find((w) => w.id === tab.workspaceInstanceId);
    if (owner) return { path, fs: owner.fs, workspaceInstanceId: owner.id };
  }
  if (model.workspaces.length === 0 && !model.tabs.some((t) => t.filePath)) {
    throw new DomainErrorException(invalidPath(path, 'No workspace and no document is open, so no file operation is allowed.'));
  }
  throw new DomainErrorException(
    invalidPath(path, `${path} is outside the open workspace and the folders of the open documents.`),
  );
}

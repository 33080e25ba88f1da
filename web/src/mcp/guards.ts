import { DomainErrorException, invalidPath, invalidTab } from '@vmark/shared';
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

/** Lexical normalisation of an absolute MCP path; anything that escapes or is relative is refused. */
export function normalizePath(path: string): string {
  if (!path.startsWith('/') || path.includes('\0')) throw new DomainErrorException(invalidPath(path, `${path} is not an absolute path`));
  if (/%2e|%2f|%5c/i.test(path)) throw new DomainErrorException(invalidPath(path, `${path} contains percent-encoded path characters`));
  const out: string[] = [];
  for (const segment of path.normalize('NFC').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) throw new DomainErrorException(invalidPath(path, `${path} escapes the file system root`));
      out.pop();
    } else out.push(segment);
  }
  return `/${out.join('/')}`;
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

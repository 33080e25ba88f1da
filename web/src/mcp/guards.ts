import { DomainErrorException, invalidPath, invalidTab } from '@vmark/shared';
import { checkScope, dirname, isWithin, normalizeMcpPath, type ScopeRejection } from '@vmark/shared/lib/paths/index';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
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

export interface ScopedPath {
  path: string;
  fs: WorkspaceFS;
  workspaceInstanceId: string | null;
}

/** The refusal of an out-of-scope path, in the words the seed's INVALID_PATH answers have always used. */
function scopeRefusal(path: string, reason: ScopeRejection): DomainErrorException {
  if (reason === 'no-scope') return new DomainErrorException(invalidPath(path, 'No workspace and no document is open, so no file operation is allowed.'));
  if (reason === 'outside-scope') {
    return new DomainErrorException(invalidPath(path, `${path} is outside the open workspace and the folders of the open documents.`));
  }
  return new DomainErrorException(invalidPath(path, `${path} is not an acceptable absolute path (${reason}).`));
}

/**
 * Path scope (seed: workspace): the root of an open workspace or the folder of an open document,
 * nothing else; decided by the one path rule (`checkScope`). With neither, every file operation is refused.
 */
export function scopePath(ctx: ActionContext, rawPath: string): ScopedPath {
  const model = ctx.store.getSnapshot();
  const documentTabs = model.tabs.filter((tab): tab is Tab & { filePath: string } => tab.filePath !== null && tab.filePath !== undefined);
  const checked = checkScope(rawPath, {
    workspaceRoots: model.workspaces.map((w) => w.fs.root),
    documentFolders: documentTabs.map((tab) => dirname(tab.filePath)),
  });
  if (!checked.ok) {
    const shown = normalizeMcpPath(rawPath);
    throw scopeRefusal(shown.ok ? shown.path : rawPath, checked.reason);
  }
  const path = checked.path;
  const workspace = model.workspaces.find((w) => isWithin(w.fs.root, path));
  if (workspace) return { path, fs: workspace.fs, workspaceInstanceId: workspace.id };
  for (const tab of documentTabs) {
    if (!isWithin(dirname(tab.filePath), path)) continue;
    const owner = model.workspaces.find((w) => w.id === tab.workspaceInstanceId);
    if (owner) return { path, fs: owner.fs, workspaceInstanceId: owner.id };
  }
  throw scopeRefusal(path, 'outside-scope');
}

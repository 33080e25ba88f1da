import type { WindowReport } from '@vmark/shared';
import { isDirty } from '../state/types';
import type { WindowStore } from '../state/store';

/** This window's state report (WINDOW_REPORT_REQUEST): the extension adds `focused`, merges all windows into session.get_state and routes by them. */
export function windowReport(store: WindowStore, label: string): WindowReport {
  const model = store.getSnapshot();
  const shown = model.workspaceBar ? model.activeWorkspaceInstanceId : null;
  return {
    label,
    activeWorkspaceInstanceId: shown,
    tabs: model.tabs.map((tab) => ({
      id: tab.id,
      filePath: tab.filePath,
      title: tab.title,
      dirty: isDirty(tab),
      revision: tab.revision,
      kind: tab.kind,
      active: tab.id === model.activeTabId,
      visible: shown === null || tab.workspaceInstanceId === null || tab.workspaceInstanceId === shown,
    })),
    workspaceRoots: model.workspaces.map((w) => w.fs.root),
  };
}

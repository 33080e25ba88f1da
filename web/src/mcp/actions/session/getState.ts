import { sessionTool, ok, type WindowReport } from '@vmark/shared';
import { isDirty } from '../../../state/types';
import { defineAction } from '../../defineAction';

/** This window's part of session.get_state; the extension adds `focused` and merges all windows. */
export const getState = defineAction(sessionTool, 'get_state', {
  async run(ctx) {
    const model = ctx.store.getSnapshot();
    const shown = model.workspaceBar ? model.activeWorkspaceInstanceId : null;
    const report: WindowReport = {
      label: ctx.connection.label ?? 'main',
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
    return ok(report);
  },
});

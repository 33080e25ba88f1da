import { ok, workspaceTool } from '@vmark/shared';
import { activateTab } from '../../../state/windowActions';
import { defineAction } from '../../defineAction';

export const switchTab = defineAction(workspaceTool, 'switch_tab', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    const { workspaceSwitched } = activateTab(ctx.store, tab.id);
    // answer from the store as it is now, not from the request: a switch that did not land says so
    const model = ctx.store.getSnapshot();
    return ok({
      activated: model.activeTabId === tab.id,
      workspaceSwitched,
      workspaceInstanceId: model.workspaceBar ? model.activeWorkspaceInstanceId : null,
      activeTabId: model.activeTabId,
    });
  },
});

import { ok, workspaceTool } from '@vmark/shared';
import { createTab } from '../../../state/windowActions';
import { defineAction } from '../../defineAction';

export const newTab = defineAction(workspaceTool, 'new', {
  async run(ctx, args) {
    const tab = createTab(
      ctx.store,
      {
        workspaceInstanceId: ctx.store.getSnapshot().activeWorkspaceInstanceId,
        filePath: null,
        kind: args.kind ?? 'markdown',
        content: '',
      },
      { activate: true },
    );
    return ok({ tabId: tab.id });
  },
});

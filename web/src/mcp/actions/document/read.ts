import { documentTool, ok } from '@vmark/shared';
import { isDirty } from '../../../state/types';
import { defineAction } from '../../defineAction';
import { resolveTab } from '../../guards';

export const read = defineAction(documentTool, 'read', {
  async run(ctx, args) {
    const tab = resolveTab(ctx, args.tabId);
    return ok({ content: tab.content, revision: tab.revision, filePath: tab.filePath, kind: tab.kind, dirty: isDirty(tab) });
  },
});

import { capOutcome, documentTool, ok } from '@vmark/shared';
import { isDirty } from '../../../state/types';
import { defineAction } from '../../defineAction';
import { resolveTab } from '../../guards';

export const read = defineAction(documentTool, 'read', {
  async run(ctx, args) {
    const tab = resolveTab(ctx, args.tabId);
    // cut here, not only in the bridge: a 5 MB text would otherwise cross every hop to be cut at the last
    return capOutcome(ok({ content: tab.content, revision: tab.revision, filePath: tab.filePath, kind: tab.kind, dirty: isDirty(tab) }));
  },
});

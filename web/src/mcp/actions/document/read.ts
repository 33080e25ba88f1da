import { capOutcome, documentTool, ok } from '@vmark/shared';
import { isDirty } from '../../../state/types';
import { defineAction } from '../../defineAction';
import { recordDocumentRead } from '../../readSet';

export const read = defineAction(documentTool, 'read', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    recordDocumentRead(ctx.principal.connectionId, tab.filePath);
    // cut here, not only in the bridge: a 5 MB text would otherwise cross every hop to be cut at the last
    return capOutcome(ok({ content: tab.content, revision: tab.revision, filePath: tab.filePath, kind: tab.kind, dirty: isDirty(tab) }));
  },
});

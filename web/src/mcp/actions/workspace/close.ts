import { ok, workspaceTool } from '@vmark/shared';
import { removeTab } from '../../../state/windowActions';
import { isDirty } from '../../../state/types';
import { defineAction } from '../../defineAction';

export const close = defineAction(workspaceTool, 'close', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    if (tab.pinned) return ok({ closed: false, reason: 'PINNED' });
    if (tab.diverged && !args.force) return ok({ closed: false, reason: 'DIVERGENT' });
    if ((isDirty(tab) || tab.conflict !== null) && !args.force) return ok({ closed: false, reason: 'DIRTY' });
    removeTab(ctx.store, tab.id);
    return ok({ closed: true });
  },
});

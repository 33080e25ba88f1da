import { commentsTool, ok } from '@vmark/shared';
import { listComments } from '../../../comments/agentComments';
import { docKeyOf } from '../../../comments/docKey';
import { trackTab } from '../../../comments/trackComments';
import { defineAction } from '../../defineAction';

export const list = defineAction(commentsTool, 'list', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    await trackTab(ctx.comments, ctx.store.getSnapshot(), tab);
    return ok(listComments(ctx.comments, docKeyOf(tab), args.cursor));
  },
});

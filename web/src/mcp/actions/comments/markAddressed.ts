import { commentsTool, ok } from '@vmark/shared';
import { markAddressedAsAgent } from '../../../comments/agentComments';
import { docKeyOf } from '../../../comments/docKey';
import { trackTab } from '../../../comments/trackComments';
import { defineAction } from '../../defineAction';

export const markAddressed = defineAction(commentsTool, 'mark_addressed', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    await trackTab(ctx.comments, ctx.store.getSnapshot(), tab);
    return ok(await markAddressedAsAgent(ctx.comments, docKeyOf(tab), ctx.principal, args));
  },
});

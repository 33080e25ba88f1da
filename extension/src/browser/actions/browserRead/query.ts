import { browserReadTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { untrustedNotice } from '../../refusals';

export const query = defineBrowserAction(browserReadTool, 'query', {
  needs: 'readable',
  async run(ctx, args) {
    const result = await readTarget(ctx.target, 'query', [{ selector: args.selector, ...(args.fields ? { fields: args.fields } : {}) }]);
    if (!result.ok) return result.outcome;
    const url = ctx.target.kind === 'ai' ? ctx.target.tab.url : ctx.target.url;
    return ok({ ...result.value, tabId: ctx.target.tabId, url, untrusted: true }, { notice: untrustedNotice(url) });
  },
});

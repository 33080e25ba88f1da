import { browserReadTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { untrustedNotice } from '../../refusals';

/** ARIA snapshot from the ISOLATED world; refs belong to the tab's current navigation generation. */
export const read = defineBrowserAction(browserReadTool, 'read', {
  needs: 'readable',
  async run(ctx) {
    const result = await readTarget(ctx.target, 'snapshot', [{}]);
    if (!result.ok) return result.outcome;
    const generation = ctx.target.kind === 'ai' ? ctx.target.tab.generation : undefined;
    return ok(
      { ...result.value, tabId: ctx.target.tabId, generation, untrusted: true },
      { notice: untrustedNotice(result.value.url) },
    );
  },
});

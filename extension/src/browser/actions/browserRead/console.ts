import { browserReadTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { untrustedNotice } from '../../refusals';

/** AI tabs only: a person's tab has no capture shim. The buffer is a ring; reads overlap. */
export const consoleRead = defineBrowserAction(browserReadTool, 'console', {
  needs: 'ai-tab',
  async run(ctx) {
    const read = await readTarget(ctx.target, 'readConsole');
    if (!read.ok) return read.outcome;
    return ok({ ...read.value, tabId: ctx.target.tabId, untrusted: true }, { notice: untrustedNotice(read.value.url) });
  },
});

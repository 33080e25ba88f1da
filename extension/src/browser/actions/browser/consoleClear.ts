import { browserTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { untrustedNotice } from '../../refusals';

/** Returns the buffered console output, then empties the buffer: a DOM write, hence on `browser`. */
export const consoleClear = defineBrowserAction(browserTool, 'console_clear', {
  needs: 'ai-tab',
  async run(ctx) {
    const read = await readTarget(ctx.target, 'clearConsole');
    if (!read.ok) return read.outcome;
    return ok({ ...read.value, tabId: ctx.target.tabId, untrusted: true }, { notice: untrustedNotice(read.value.url) });
  },
});

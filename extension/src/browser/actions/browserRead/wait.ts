import { browserReadTool } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { awaitTicket } from '../../navigation/ticketWaiter';
import { ticketOutcome } from '../../navigation/ticketOutcome';
import { DEFAULT_WAIT_TIMEOUT_MS } from '../../refusals';

/** Observes a navigation ticket: never navigates, never focuses, never creates a tab. */
export const wait = defineBrowserAction(browserReadTool, 'wait', {
  needs: 'ai-tab',
  async run(ctx, args) {
    if (ctx.target.kind !== 'ai') throw new Error('wait needs an AI tab');
    const timeoutMs = args.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
    return ticketOutcome(ctx.target.chromeTabId, await awaitTicket(ctx.target.chromeTabId, args.navigationId, timeoutMs), timeoutMs);
  },
});

import { browserTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { stopRun } from '../../workflows/runner';
import { ownRun, runNotFound } from '../../workflows/runStore';

/** Never needs approval: stopping is always allowed. Withdraws the run's prompt and hands the tab back. */
export const workflowCancel = defineBrowserAction(browserTool, 'workflow_cancel', {
  needs: 'none',
  async run(ctx, args) {
    const found = await ownRun(args.runId, ctx.aiPrincipal.key, args.tabId);
    if (!found) {
      return runNotFound(args.runId, args.tabId);
    }
    const before = await stopRun(args.runId, 'cancelled', 'cancelled', 'cancelled by the agent (workflow_cancel)');
    if (!before || (before.status !== 'running' && before.status !== 'paused')) {
      return ok({ runId: args.runId, outcome: 'already-terminal', status: before?.status ?? found.status });
    }
    return ok({ runId: args.runId, outcome: 'cancelled', status: 'cancelled', withdrewApproval: before.pendingApproval !== undefined });
  },
});

import type { WorkflowRun } from './runStore';

/** browser_read.workflow_status, exactly the seed's shape. */
export function runView(run: WorkflowRun): Record<string, unknown> {
  const count = (status: string) => run.stepResults.filter((result) => result.status === status).length;
  const pending = run.pendingApproval;
  return {
    status: run.status,
    completedSteps: count('succeeded'),
    skippedSteps: count('skipped'),
    stepCount: run.steps.length,
    firstStep: run.firstStep,
    ...(run.pausedAt !== undefined ? { pausedAt: run.pausedAt } : {}),
    ...(pending ? { pendingApproval: { step: pending.step, operation: pending.operation, element: pending.element, detail: pending.detail, origin: pending.origin } } : {}),
    ...(run.reasonCode !== undefined ? { reasonCode: run.reasonCode } : {}),
    ...(run.reason !== undefined ? { reason: run.reason } : {}),
    ...(run.resumedFrom !== undefined ? { resumedFrom: run.resumedFrom } : {}),
    stepResults: run.stepResults,
  };
}

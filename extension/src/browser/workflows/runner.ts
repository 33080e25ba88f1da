import { isWriteStep } from '@vmark/shared/lib/browserWorkflow/index';
import { withdrawOperationPrompt } from '../approvals/prompts';
import { runStep, type StepEnd } from './runSteps';
import { allRuns, isTerminal, loadRun, ownerKeyOf, stopClock, updateRun, updateRuns, type RunStatus, type WorkflowRun } from './runStore';

/** Running time of one run; waiting for the person does not count. */
export const RUN_TIME_LIMIT_MS = 120_000;
const QUEUE_POLL_MS = 500;

const driving = new Set<string>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function activeMs(run: WorkflowRun, now = Date.now()): number {
  return run.activeMs + (run.activeSince === null ? 0 : now - run.activeSince);
}

/** Runs on one tab go one after another: this run waits while an earlier one on its tab is running. */
async function waitsForEarlierRun(run: WorkflowRun): Promise<boolean> {
  return (await allRuns()).some((other) => other.chromeTabId === run.chromeTabId && other.status === 'running' && other.startedAt < run.startedAt);
}

function finish(run: WorkflowRun, status: RunStatus, reasonCode?: string, reason?: string): void {
  stopClock(run);
  run.status = status;
  delete run.pendingApproval;
  if (reasonCode !== undefined) run.reasonCode = reasonCode;
  if (reason !== undefined) run.reason = reason;
}

function applyEnd(run: WorkflowRun, end: Exclude<StepEnd, { kind: 'stopped' }>): void {
  const result = run.stepResults[run.next]!;
  switch (end.kind) {
    case 'succeeded':
      result.status = 'succeeded';
      if (end.data !== undefined) result.data = end.data;
      run.next += 1;
      return;
    case 'skipped':
      result.status = 'skipped';
      result.reason = end.reason;
      run.next += 1;
      return;
    case 'paused':
      result.status = 'paused';
      result.reason = end.reason;
      run.pausedAt = run.next + 1;
      finish(run, 'paused', end.reasonCode, end.reason);
      return;
    case 'failed':
      result.status = 'failed';
      result.reason = end.reason;
      finish(run, 'failed', end.reasonCode, end.reason);
      return;
  }
}

async function drive(runId: string): Promise<void> {
  for (;;) {
    const run = await loadRun(runId);
    if (!run || run.status !== 'running') return;
    if (await waitsForEarlierRun(run)) {
      await sleep(QUEUE_POLL_MS);
      continue;
    }
    if (run.activeSince === null || run.pendingApproval) {
      // the clock runs again (a restarted worker re-asks a pending approval itself)
      await updateRun(runId, (r) => {
        delete r.pendingApproval;
        r.activeSince ??= Date.now();
      });
    }
    if (activeMs(run) > RUN_TIME_LIMIT_MS) {
      await updateRun(runId, (r) => finish(r, 'failed', 'time-limit', `the run used its ${RUN_TIME_LIMIT_MS / 1000} s of running time before step ${r.next + 1}`));
      return;
    }
    if (run.next >= run.steps.length) {
      await updateRun(runId, (r) => finish(r, 'completed'));
      return;
    }
    const end = await runStep(run);
    if (end.kind === 'stopped') return;
    await updateRun(runId, (r) => applyEnd(r, end));
  }
}

/** Drives a run in this worker (once: a second call while it is driven does nothing). */
export function startDriving(runId: string): void {
  if (driving.has(runId)) return;
  driving.add(runId);
  void drive(runId)
    .catch(async (error: unknown) => {
      console.error('VMark: workflow run failed', error);
      await updateRun(runId, (r) => finish(r, 'failed', 'internal-error', `VMark failed while running step ${r.next + 1}: ${error instanceof Error ? error.message : String(error)}`));
    })
    .finally(() => driving.delete(runId));
}

/**
 * Stops a run (cancel, the person took over, the tab closed): withdraws the prompt it waits on.
 * Answers the run as it was, or null for an unknown id.
 */
export async function stopRun(runId: string, status: 'cancelled' | 'failed', reasonCode: string, reason: string): Promise<WorkflowRun | null> {
  const before = await updateRuns((state) => {
    const run = state.runs[runId];
    if (!run) return null;
    const copy = structuredClone(run);
    if (isTerminal(run.status)) return copy;
    const current = run.stepResults[run.next];
    if (current && (current.status === 'pending' || current.status === 'awaiting-approval' || current.status === 'running')) current.status = 'cancelled';
    finish(run, status, reasonCode, reason);
    return copy;
  });
  if (before?.pendingApproval) await withdrawOperationPrompt(await ownerKeyOf(before), before.chromeTabId, before.pendingApproval.binding);
  return before;
}

/** The person interacted with the page of a running run: the tab is theirs again. */
export async function onPersonTookOver(chromeTabId: number): Promise<void> {
  for (const run of await allRuns()) {
    if (run.chromeTabId === chromeTabId && run.status === 'running') {
      await stopRun(run.runId, 'cancelled', 'person-took-over', 'the user interacted with the page, which hands the tab back to them');
    }
  }
}

export async function onRunTabRemoved(chromeTabId: number): Promise<void> {
  for (const run of await allRuns()) {
    if (run.chromeTabId === chromeTabId && !isTerminal(run.status)) await stopRun(run.runId, 'failed', 'tab-closed', 'the tab was closed');
  }
}

/**
 * A started worker picks up the runs a stopped one left: a write caught in the middle has an
 * unknown outcome and is never repeated by itself (the run pauses there for the agent); the rest go on.
 */
export async function resumeRuns(): Promise<void> {
  for (const run of await allRuns()) {
    if (run.status !== 'running' || driving.has(run.runId)) continue;
    const step = run.steps[run.next];
    const caught = run.stepResults[run.next]?.status === 'running' && step !== undefined && isWriteStep(step);
    if (caught) {
      const reason = `the extension restarted while step ${run.next + 1} ran; it may or may not have happened and is never retried by itself: read the page, finish it by hand if needed, then resume`;
      await updateRun(run.runId, (r) => {
        r.stepResults[r.next]!.status = 'paused';
        r.stepResults[r.next]!.reason = reason;
        r.pausedAt = r.next + 1;
        finish(r, 'paused', 'outcome-unknown', reason);
      });
      continue;
    }
    await updateRun(run.runId, (r) => {
      const current = r.stepResults[r.next];
      if (current && current.status !== 'pending') current.status = 'pending';
    });
    startDriving(run.runId);
  }
}

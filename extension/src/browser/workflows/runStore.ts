import type { WorkflowAction, WorkflowStepKind } from '@vmark/shared/lib/browserWorkflow/index';
import type { CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import { loadBrowserState } from '../state/browserState';

/**
 * Workflow runs live in chrome.storage.session, not in the worker's memory: a worker that is
 * stopped mid-run finds them again when it starts (resumeRuns) and goes on, or ends them failed.
 */
export type RunStatus = 'running' | 'paused' | 'completed' | 'failed' | 'cancelled' | 'superseded';
export type StepStatus = 'pending' | 'awaiting-approval' | 'running' | 'succeeded' | 'skipped' | 'paused' | 'failed' | 'cancelled';

export interface StoredStep {
  kind: WorkflowStepKind;
  text: string;
  action?: WorkflowAction;
}

export interface StepResult {
  /** 1-based, as the workflow text numbers its steps. */
  index: number;
  status: StepStatus;
  attempts: number;
  reason?: string;
  data?: unknown;
}

export interface PendingApproval {
  step: number;
  operation: string;
  element: { role: string; name: string } | null;
  detail: string | null;
  origin: string | null;
  /** The prompt's binding, to find and withdraw it. */
  binding: string;
}

export interface WorkflowRun {
  runId: string;
  principalKey: string;
  chromeTabId: number;
  tabId: string;
  source: string;
  inputs: Record<string, string>;
  allowRepeat: boolean;
  status: RunStatus;
  steps: StoredStep[];
  stepResults: StepResult[];
  /** 1-based number of the first step this run executes itself (after steps taken over by a resume). */
  firstStep: number;
  /** 0-based position of the next step to run. */
  next: number;
  pausedAt?: number;
  pendingApproval?: PendingApproval;
  reasonCode?: string;
  reason?: string;
  resumedFrom?: string;
  /** Running time so far, without time spent waiting for the person. */
  activeMs: number;
  activeSince: number | null;
  startedAt: number;
}

interface RunsState {
  runs: Record<string, WorkflowRun>;
  /** The completed-write ledger, kept until the browser exits: keys of writes that succeeded. */
  ledger: string[];
  nextRun: number;
}

const KEY = 'workflowRuns';
/** Finished runs kept for workflow_status; the oldest go first. */
const MAX_KEPT_RUNS = 50;

async function load(): Promise<RunsState> {
  const stored = (await chrome.storage.session.get(KEY))[KEY] as Partial<RunsState> | undefined;
  return { runs: {}, ledger: [], nextRun: 1, ...stored };
}

let queue: Promise<unknown> = Promise.resolve();

/** Serialised read-modify-write of the runs; `change` must not await. */
export function updateRuns<T>(change: (state: RunsState) => T): Promise<T> {
  const run = queue.then(async () => {
    const state = await load();
    const result = change(state);
    const ids = Object.keys(state.runs);
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_KEPT_RUNS))) if (state.runs[id]!.status !== 'running') delete state.runs[id];
    await chrome.storage.session.set({ [KEY]: state });
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

export async function loadRun(runId: string): Promise<WorkflowRun | undefined> {
  return (await load()).runs[runId];
}

export async function allRuns(): Promise<WorkflowRun[]> {
  return Object.values((await load()).runs);
}

export async function inLedger(key: string): Promise<boolean> {
  return (await load()).ledger.includes(key);
}

/** Changes one run if it is still in `status` (default running); answers whether it was. */
export function updateRun(runId: string, change: (run: WorkflowRun) => void, status: RunStatus = 'running'): Promise<boolean> {
  return updateRuns((state) => {
    const run = state.runs[runId];
    if (!run || run.status !== status) return false;
    change(run);
    return true;
  });
}

export function isTerminal(status: RunStatus): boolean {
  return status !== 'running' && status !== 'paused';
}

/** Stops the clock (waiting for the person, or the run ended). */
export function stopClock(run: WorkflowRun, now = Date.now()): void {
  if (run.activeSince !== null) run.activeMs += now - run.activeSince;
  run.activeSince = null;
}

/**
 * The AI principal key that owns a run now: its tab's, when the tab is still open (a client that
 * reconnects after a worker stop adopts its AI principal, tabs and runs, under a new key).
 */
export async function ownerKeyOf(run: WorkflowRun): Promise<string> {
  return (await loadBrowserState()).aiTabs[String(run.chromeTabId)]?.principalKey ?? run.principalKey;
}

/** The run with this id if it belongs to this AI principal (and to this tab, when one is named). */
export async function ownRun(runId: string, principalKey: string, tabId: string | undefined): Promise<WorkflowRun | undefined> {
  const run = await loadRun(runId);
  if (!run || (tabId !== undefined && tabId !== run.tabId)) return undefined;
  if (run.principalKey === principalKey) return run;
  return (await ownerKeyOf(run)) === principalKey ? run : undefined;
}

/** The refusal for a runId this AI principal does not own (or not on the named tab). */
export function runNotFound(runId: string, tabId: string | undefined): CallOutcome {
  return refuse('RUN_NOT_FOUND', `No workflow run ${runId}${tabId !== undefined ? ` on tab ${tabId}` : ''} on this connection; use a runId that browser.workflow_run returned`, { runId });
}

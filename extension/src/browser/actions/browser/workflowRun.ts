import { browserTool, ok, textFailure } from '@vmark/shared';
import {
  checkRunInputs,
  formatDiagnostic,
  isDeterministicStep,
  parseWorkflow,
  type WorkflowDiagnostic,
} from '@vmark/shared/lib/browserWorkflow/index';
import { defineBrowserAction } from '../../defineBrowserAction';
import { refuse } from '../../refusals';
import { startDriving } from '../../workflows/runner';
import { ownRun, updateRuns, type StepResult, type WorkflowRun } from '../../workflows/runStore';

const MAX_LISTED_DIAGNOSTICS = 20;

function invalid(message: string, diagnostics: WorkflowDiagnostic[], extra: Record<string, unknown> = {}) {
  const listed = diagnostics.slice(0, MAX_LISTED_DIAGNOSTICS);
  const lines = listed.map(formatDiagnostic).join('; ');
  return refuse('WORKFLOW_INVALID', `${message}${lines ? `: ${lines}` : ''}. Fix the source and call workflow_run again`, { diagnostics: listed, ...extra });
}

/**
 * Starts a run and answers at once; the worker drives it (runner.ts). Every click/type step is
 * approved like a hand-made act; goal/confirm/api and prose steps pause it for the agent.
 */
export const workflowRun = defineBrowserAction(browserTool, 'workflow_run', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const target = ctx.target;
    if (target.kind !== 'ai') throw new Error('workflow_run needs an AI tab');
    const parsed = parseWorkflow(args.source);
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (!parsed.ok || !parsed.frontMatter) return invalid(`The workflow has ${errors.length} error(s)`, errors);
    const inputs = args.inputs ?? {};
    const checked = checkRunInputs(parsed.frontMatter, inputs);
    if (!checked.ok) return invalid(checked.message, [], { missing: checked.missing, undeclared: checked.undeclared });

    let resumed: WorkflowRun | undefined;
    if (args.resumeRunId !== undefined) {
      resumed = await ownRun(args.resumeRunId, ctx.aiPrincipal.key, undefined);
      if (!resumed) {
        return refuse('RUN_NOT_FOUND', `No workflow run ${args.resumeRunId} on this connection to resume; use a runId that browser.workflow_run returned`, { runId: args.resumeRunId });
      }
      if (resumed.status !== 'paused' || resumed.pausedAt === undefined) {
        return textFailure(`Run ${args.resumeRunId} is ${resumed.status}, not paused: only a paused run can be resumed. Start the workflow without resumeRunId`);
      }
      if (resumed.source !== args.source) return textFailure(`resumeRunId continues the same workflow: pass the source run ${args.resumeRunId} ran, unchanged`);
    }
    const paused = resumed?.pausedAt;
    const stepResults: StepResult[] = parsed.steps.map((step) => ({ index: step.index + 1, status: 'pending', attempts: 0 }));
    if (resumed && paused !== undefined) {
      for (let i = 0; i < paused; i += 1) {
        const before = resumed.stepResults[i]!;
        const done = i === paused - 1 ? `done by the agent while run ${resumed.runId} paused` : `done in run ${resumed.runId}`;
        stepResults[i] = { index: i + 1, status: before.status === 'skipped' ? 'skipped' : 'succeeded', attempts: 0, reason: done };
      }
    }
    const firstStep = (paused ?? 0) + 1;
    const resumedFrom = resumed?.runId;
    const runId = await updateRuns((state) => {
      const id = `run-${state.nextRun++}`;
      if (resumedFrom !== undefined) {
        const old = state.runs[resumedFrom];
        if (old) {
          old.status = 'superseded';
          old.reason = `resumed as ${id}`;
        }
      }
      state.runs[id] = {
        runId: id,
        principalKey: ctx.aiPrincipal.key,
        chromeTabId: target.chromeTabId,
        tabId: target.tabId,
        source: args.source,
        inputs,
        allowRepeat: args.allowRepeat === true,
        status: 'running',
        steps: parsed.steps.map(({ kind, text, action }) => (action ? { kind, text, action } : { kind, text })),
        stepResults,
        firstStep,
        next: firstStep - 1,
        ...(resumedFrom !== undefined ? { resumedFrom } : {}),
        activeMs: 0,
        activeSince: null,
        startedAt: Date.now(),
      };
      return id;
    });
    startDriving(runId);
    const warnings = parsed.diagnostics.filter((d) => d.severity === 'warning');
    return ok({
      runId,
      steps: parsed.steps.map((step) => ({ index: step.index + 1, kind: step.kind, text: step.text, by: isDeterministicStep(step) ? 'vmark' : 'agent' })),
      firstStep,
      ...(warnings.length > 0 ? { warnings: warnings.slice(0, MAX_LISTED_DIAGNOSTICS).map(formatDiagnostic) } : {}),
    });
  },
});

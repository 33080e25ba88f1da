import type { WorkflowStep } from './types';

/** Steps that change the page (click, type): the completed-write ledger skips them on a repeat of the same job. */
export function isWriteStep(step: Pick<WorkflowStep, 'action'>): boolean {
  return step.action?.op === 'click' || step.action?.op === 'type';
}

/** Steps VMark runs itself; every other step pauses the run for the agent. */
export function isDeterministicStep(step: Pick<WorkflowStep, 'kind' | 'action'>): boolean {
  return step.kind === 'extract' || (step.kind === 'action' && step.action !== undefined);
}

/** Inputs in a canonical order, so the same job has the same key whatever order the agent wrote them in. */
export function canonicalInputs(inputs: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.keys(inputs).sort().map((name) => [name, inputs[name]]));
}

/** Idempotency key of one write: the source, the step's position and the inputs it ran with. */
export function writeLedgerKey(source: string, stepIndex: number, inputs: Readonly<Record<string, string>>): string {
  return JSON.stringify([source, stepIndex, canonicalInputs(inputs)]);
}

/** The browser workflow text (seed: workflow_run / workflow_record): front matter, then one step per line. */

export const WORKFLOW_STEP_KINDS = ['action', 'extract', 'goal', 'confirm', 'api'] as const;
export type WorkflowStepKind = (typeof WORKFLOW_STEP_KINDS)[number];

export const MAX_WORKFLOW_STEPS = 25;
/** Input names; `{name}` references in step text use the same pattern. */
export const WORKFLOW_INPUT_NAME = /^[A-Za-z_][\w-]*$/;
export const WORKFLOW_ROLE = /^[a-z]+(?:-[a-z]+)*$/;

export type WorkflowTypeValue = { literal: string } | { input: string };

/** The `action:` sub-grammar, exactly what the recorder emits. */
export type WorkflowAction =
  | { op: 'click'; name: string; role?: string }
  | { op: 'type'; value: WorkflowTypeValue; name: string; role?: string }
  | { op: 'navigate'; url: string };

export interface WorkflowFrontMatter {
  site: string;
  inputs: string[];
  trigger?: string;
}

export interface WorkflowStep {
  /** 0-based position among the steps. */
  index: number;
  /** 1-based source line. */
  line: number;
  kind: WorkflowStepKind;
  text: string;
  /** Present when the step runs inside VMark: a parsed `action:` step. `extract` steps need none. */
  action?: WorkflowAction;
}

/** The part of a workflow that the serializer writes and the parser reads back. */
export interface WorkflowDocument {
  frontMatter: WorkflowFrontMatter;
  steps: Array<{ kind: WorkflowStepKind; text: string }>;
}

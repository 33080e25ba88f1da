/** Stable diagnostic codes: the editor shows them and workflow_run's WORKFLOW_INVALID carries them. */
export const WORKFLOW_DIAGNOSTIC_CODES = [
  'source-too-large',
  'missing-front-matter',
  'unterminated-front-matter',
  'malformed-front-matter',
  'duplicate-key',
  'unknown-key',
  'missing-site',
  'malformed-inputs',
  'malformed-step',
  'unknown-kind',
  'no-steps',
  'too-many-steps',
  'undeclared-input',
  'malformed-target',
  'malformed-value',
  'malformed-url',
  'not-executable',
] as const;
export type WorkflowDiagnosticCode = (typeof WORKFLOW_DIAGNOSTIC_CODES)[number];

export interface WorkflowDiagnostic {
  severity: 'error' | 'warning';
  code: WorkflowDiagnosticCode;
  message: string;
  /** 1-based line and column of the offending text. */
  line: number;
  column: number;
}

export function hasErrors(diagnostics: readonly WorkflowDiagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

/** One line per diagnostic, e.g. `3:12 error malformed-target: …`, for refusals and logs. */
export function formatDiagnostic(diagnostic: WorkflowDiagnostic): string {
  return `${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
}

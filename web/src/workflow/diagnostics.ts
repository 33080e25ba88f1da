import type { LintFinding } from './lintFinding';
import { withoutOutdatedFindings } from './outdatedFindings';

export type DiagnosticSeverity = 'error' | 'warning';

/** A finding in the shape `workflow.validate` returns (1-based line and column). */
export interface WorkflowDiagnostic {
  line: number;
  col: number;
  message: string;
  severity: DiagnosticSeverity;
}

/**
 * Rules whose findings do not mean GitHub would reject or misrun the workflow: style (shellcheck,
 * pyflakes), deprecated commands that still run, and runner labels that may be self-hosted.
 */
const WARNING_KINDS = new Set(['shellcheck', 'pyflakes', 'deprecated-commands', 'runner-label']);

export function severityOf(kind: string): DiagnosticSeverity {
  return WARNING_KINDS.has(kind) ? 'warning' : 'error';
}

/** actionlint's findings as diagnostics, outdated ones dropped, ordered by position (the linter's order varies). */
export function toDiagnostics(findings: readonly LintFinding[]): WorkflowDiagnostic[] {
  return withoutOutdatedFindings(findings)
    .map((finding) => ({
      line: finding.line,
      col: finding.column,
      message: `${finding.message} [${finding.kind}]`,
      severity: severityOf(finding.kind),
    }))
    .sort((a, b) => a.line - b.line || a.col - b.col || a.message.localeCompare(b.message));
}

/** One finding as actionlint reports it (1-based line and column; `kind` names the rule, e.g. "expression"). */
export interface LintFinding {
  line: number;
  column: number;
  message: string;
  kind: string;
}

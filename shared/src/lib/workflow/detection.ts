const WORKFLOW_PATH = /(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/;
/** A top-level key at column 0 followed by a blank or line end, but not by a `::` value. */
const topLevelKey = (key: string): RegExp => new RegExp(`^${key}[ \\t]*:(?=[ \\t\\r\\n]|$)(?![ \\t]*::)`, 'm');
const ON_KEY = topLevelKey(`(?:on|'on'|"on")`);
const JOBS_KEY = topLevelKey(`(?:jobs|'jobs'|"jobs")`);

/**
 * Whether a file is a GitHub Actions workflow (tab kind `yaml-workflow`): its path is
 * `.github/workflows/<name>.yml|yaml`, or its text has top-level `on:` and `jobs:` keys.
 * A cheap check without parsing, as in VMark's `detection.ts`.
 */
export function isWorkflowFile(path: string, content?: string): boolean {
  if (WORKFLOW_PATH.test(path.replace(/\\/g, '/'))) return true;
  return content !== undefined && ON_KEY.test(content) && JOBS_KEY.test(content);
}

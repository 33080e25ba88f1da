/**
 * The eight IRPatch kinds that `workflow.apply_patch` accepts over MCP (reference vmark.md §6).
 * The zod schema for the wire lives in shared/src/tools/workflow.ts; this is the library's own
 * type plus a runtime check, because patches reach the library from untrusted callers.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A dotted path (`"env.FOO"`) or its segments (`["env", "FOO"]`, for keys that contain dots). */
export type PatchPath = string | readonly string[];

export type WithValue = string | number | boolean;

export const TRIGGER_FILTERS = [
  'branches',
  'branches-ignore',
  'tags',
  'tags-ignore',
  'paths',
  'paths-ignore',
  'types',
] as const;

export type TriggerFilter = (typeof TRIGGER_FILTERS)[number];

export type IRPatch =
  | { kind: 'workflow.set'; path: PatchPath; value: JsonValue }
  | { kind: 'job.set'; jobId: string; path: PatchPath; value: JsonValue }
  | { kind: 'step.set'; jobId: string; stepIndex: number; path: PatchPath; value: JsonValue }
  | { kind: 'with.set'; jobId: string; stepIndex: number; key: string; value: WithValue }
  | { kind: 'with.remove'; jobId: string; stepIndex: number; key: string }
  | { kind: 'needs.add'; jobId: string; ref: string }
  | { kind: 'needs.remove'; jobId: string; ref: string }
  | { kind: 'trigger.setFilters'; event: string; filter: TriggerFilter; value: string[] };

export type IRPatchKind = IRPatch['kind'];

export const IR_PATCH_KINDS: readonly IRPatchKind[] = [
  'workflow.set',
  'job.set',
  'step.set',
  'with.set',
  'with.remove',
  'needs.add',
  'needs.remove',
  'trigger.setFilters',
];

export function pathSegments(path: PatchPath): string[] {
  return typeof path === 'string' ? path.split('.') : [...path];
}

const FIELDS_BY_KIND: Record<IRPatchKind, readonly string[]> = {
  'workflow.set': ['path', 'value'],
  'job.set': ['jobId', 'path', 'value'],
  'step.set': ['jobId', 'stepIndex', 'path', 'value'],
  'with.set': ['jobId', 'stepIndex', 'key', 'value'],
  'with.remove': ['jobId', 'stepIndex', 'key'],
  'needs.add': ['jobId', 'ref'],
  'needs.remove': ['jobId', 'ref'],
  'trigger.setFilters': ['event', 'filter', 'value'],
};

/** Why `patch` is not a well-formed IRPatch, or null when it is. */
export function findPatchProblem(patch: unknown): string | null {
  if (!isPlainObject(patch)) return 'a patch must be an object with a "kind" field';
  const kind = patch['kind'];
  if (typeof kind !== 'string' || !(IR_PATCH_KINDS as readonly string[]).includes(kind)) {
    return `unknown patch kind ${JSON.stringify(kind)}; expected one of ${IR_PATCH_KINDS.join(', ')}`;
  }
  const fields = FIELDS_BY_KIND[kind as IRPatchKind];
  for (const field of fields) {
    if (!(field in patch)) return `${kind} needs the field "${field}"`;
  }
  for (const field of fields) {
    const problem = fieldProblem(kind as IRPatchKind, field, patch[field]);
    if (problem) return `${kind}: ${problem}`;
  }
  return null;
}

function fieldProblem(kind: IRPatchKind, field: string, value: unknown): string | null {
  switch (field) {
    case 'jobId':
    case 'key':
    case 'ref':
    case 'event':
      return nonEmptyString(value) ? null : `"${field}" must be a non-empty string`;
    case 'stepIndex':
      return Number.isInteger(value) && (value as number) >= 0 ? null : '"stepIndex" must be an integer ≥ 0';
    case 'path':
      return pathProblem(value);
    case 'filter':
      return (TRIGGER_FILTERS as readonly unknown[]).includes(value)
        ? null
        : `"filter" must be one of ${TRIGGER_FILTERS.join(', ')}`;
    case 'value':
      return valueProblem(kind, value);
    default:
      return null;
  }
}

function valueProblem(kind: IRPatchKind, value: unknown): string | null {
  if (kind === 'with.set') {
    const scalar = typeof value === 'string' || typeof value === 'boolean' || isFiniteNumber(value);
    return scalar ? null : '"value" of a with: input must be a string, number or boolean';
  }
  if (kind === 'trigger.setFilters') {
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? null
      : '"value" must be an array of strings';
  }
  return isJsonValue(value) ? null : '"value" must be a JSON value (string, number, boolean, null, array or object)';
}

function pathProblem(value: unknown): string | null {
  const segments = typeof value === 'string' ? value.split('.') : Array.isArray(value) ? value : null;
  if (!segments || segments.length === 0) return '"path" must be a dotted string or an array of keys';
  if (!segments.every(nonEmptyString)) return '"path" must not contain empty keys';
  return null;
}

function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isPlainObject(value) && Object.values(value).every(isJsonValue);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

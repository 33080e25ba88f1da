/**
 * The closed vocabulary of what an AI may be allowed to do in a page. `upload` is never allowed;
 * eval, session and record are approved per call only; the rest take a one-shot approval or an
 * origin-scoped standing grant ("Allow on this site").
 */
export const OPERATIONS = ['read', 'attach', 'click', 'type', 'scroll', 'key', 'style', 'navigate', 'upload', 'eval', 'session', 'record'] as const;
export type Operation = (typeof OPERATIONS)[number];

const PER_CALL_ONLY: ReadonlySet<Operation> = new Set(['eval', 'session', 'record']);
const NEVER: ReadonlySet<Operation> = new Set(['upload']);

export function isOperation(value: unknown): value is Operation {
  return typeof value === 'string' && (OPERATIONS as readonly string[]).includes(value);
}

export function mayGrantOnSite(operation: Operation): boolean {
  return !PER_CALL_ONLY.has(operation) && !NEVER.has(operation);
}

export function mayEverAllow(operation: Operation): boolean {
  return !NEVER.has(operation);
}

import type { JsonValue } from './irPatch';
import type { TextEdit } from './sourceText';

/** A location in the plain JS value of the document (`doc.toJS()`): keys and list indexes. */
export type PlainPath = (string | number)[];

/** What a text edit means for the parsed document; used to check the edit after re-parsing. */
export type Intent =
  | { op: 'set'; path: PlainPath; value: JsonValue }
  | { op: 'delete'; path: PlainPath }
  | { op: 'append'; path: PlainPath; value: JsonValue }
  | { op: 'removeItem'; path: PlainPath; index: number };

export interface Plan {
  edit: TextEdit;
  intent: Intent;
}

/** Applies `intent` to `plain` in place (plain comes fresh from `toJS()`). */
export function applyIntent(plain: unknown, intent: Intent): void {
  const parentPath = intent.op === 'set' || intent.op === 'delete' ? intent.path.slice(0, -1) : intent.path;
  const target = parentPath.reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], plain);
  if (intent.op === 'append') {
    (target as unknown[]).push(cloneJson(intent.value));
  } else if (intent.op === 'removeItem') {
    (target as unknown[]).splice(intent.index, 1);
  } else {
    const key = intent.path[intent.path.length - 1] as string | number;
    const container = target as Record<string | number, unknown>;
    if (intent.op === 'set') container[key] = cloneJson(intent.value);
    else delete container[key];
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function cloneJson(value: JsonValue): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

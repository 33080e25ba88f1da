import type { WorkflowDiagnosticCode } from './diagnostics';
import { WORKFLOW_INPUT_NAME, WORKFLOW_ROLE, type WorkflowAction, type WorkflowTypeValue } from './types';

export type ActionParse =
  | { ok: true; action: WorkflowAction }
  /** `offset` is 0-based within the step text. `not-executable` is prose: the run pauses there. */
  | { ok: false; code: Extract<WorkflowDiagnosticCode, 'malformed-target' | 'malformed-value' | 'malformed-url' | 'not-executable'>; message: string; offset: number };

type Scan<T> = { ok: true; value: T; end: number } | { ok: false; message: string; offset: number };

/** Scans a JSON string literal starting at `start` (a `"`) linearly; JSON.parse then checks its escapes. */
function scanQuoted(text: string, start: number): Scan<string> {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') index += 2;
    else if (char === '"') break;
    else index += 1;
  }
  if (index >= text.length) return { ok: false, message: 'the quoted name is not closed', offset: start };
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, index + 1));
  } catch {
    return { ok: false, message: 'the quoted name is not a valid JSON string (check its escapes)', offset: start };
  }
  if (typeof value !== 'string' || value.length === 0) return { ok: false, message: 'the quoted name is empty', offset: start };
  return { ok: true, value, end: index + 1 };
}

/** `"<name>" [(<role>)]` up to the end of the text. */
function scanTarget(text: string, start: number): Scan<{ name: string; role?: string }> {
  if (text[start] !== '"') return { ok: false, message: 'expected a JSON-quoted name, e.g. "Submit"', offset: start };
  const name = scanQuoted(text, start);
  if (!name.ok) return name;
  const rest = text.slice(name.end);
  if (rest.trim() === '') return { ok: true, value: { name: name.value }, end: text.length };
  const role = /^\s+\(([^)]*)\)\s*$/.exec(rest)?.[1];
  if (role === undefined) return { ok: false, message: 'after the name only a role in parentheses may follow, e.g. (button)', offset: name.end };
  if (!WORKFLOW_ROLE.test(role)) {
    return { ok: false, message: 'a role is lowercase words joined by "-", e.g. (button) or (menu-item)', offset: name.end };
  }
  return { ok: true, value: { name: name.value, role }, end: text.length };
}

function scanTypeValue(text: string, start: number): Scan<WorkflowTypeValue> {
  if (text[start] === '"') {
    const literal = scanQuoted(text, start);
    return literal.ok ? { ok: true, value: { literal: literal.value }, end: literal.end } : literal;
  }
  const reference = /^\{([^}]*)\}/.exec(text.slice(start));
  const input = reference?.[1];
  if (reference === null || input === undefined) return { ok: false, message: 'type needs a JSON-quoted text or an {input} reference', offset: start };
  if (!WORKFLOW_INPUT_NAME.test(input)) {
    return { ok: false, message: 'an {input} reference names a declared input, e.g. {email}', offset: start };
  }
  return { ok: true, value: { input }, end: start + reference[0].length };
}

const URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/;

/** Parses the text of an `action:` step. Text that is not one of the three forms is prose (not-executable). */
export function parseActionText(text: string): ActionParse {
  const click = /^click\s+(?=")/.exec(text);
  if (click) {
    const target = scanTarget(text, click[0].length);
    if (!target.ok) return { ok: false, code: 'malformed-target', message: target.message, offset: target.offset };
    return { ok: true, action: { op: 'click', ...target.value } };
  }
  const type = /^type\s+(?=["{])/.exec(text);
  if (type) {
    const value = scanTypeValue(text, type[0].length);
    if (!value.ok) return { ok: false, code: 'malformed-value', message: value.message, offset: value.offset };
    const into = /^\s+into\s+/.exec(text.slice(value.end));
    if (!into) return { ok: false, code: 'malformed-target', message: 'expected into "<name>" after the text to type', offset: value.end };
    const target = scanTarget(text, value.end + into[0].length);
    if (!target.ok) return { ok: false, code: 'malformed-target', message: target.message, offset: target.offset };
    return { ok: true, action: { op: 'type', value: value.value, ...target.value } };
  }
  const navigate = /^navigate\s+to\s+(?=https?:)/.exec(text);
  if (navigate) {
    const url = text.slice(navigate[0].length).trim();
    if (!URL_PATTERN.test(url)) {
      return { ok: false, code: 'malformed-url', message: 'navigate to needs one absolute http(s) URL', offset: navigate[0].length };
    }
    return { ok: true, action: { op: 'navigate', url } };
  }
  return {
    ok: false,
    code: 'not-executable',
    message: 'not click "<name>", type "<text>"|{input} into "<name>" or navigate to <url>: the run pauses here for the agent',
    offset: 0,
  };
}

function formatTarget(name: string, role: string | undefined): string {
  return role === undefined ? JSON.stringify(name) : `${JSON.stringify(name)} (${role})`;
}

/** The canonical text of an action; parseActionText reads it back unchanged. */
export function formatAction(action: WorkflowAction): string {
  switch (action.op) {
    case 'click':
      return `click ${formatTarget(action.name, action.role)}`;
    case 'type': {
      const value = 'input' in action.value ? `{${action.value.input}}` : JSON.stringify(action.value.literal);
      return `type ${value} into ${formatTarget(action.name, action.role)}`;
    }
    case 'navigate':
      return `navigate to ${action.url}`;
  }
}

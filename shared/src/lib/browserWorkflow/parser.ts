import { MAX_WORKFLOW_SOURCE_BYTES, utf8ByteLength } from '../../tools/fragments';
import { parseActionText } from './actionGrammar';
import { hasErrors, type WorkflowDiagnostic, type WorkflowDiagnosticCode } from './diagnostics';
import {
  MAX_WORKFLOW_STEPS,
  WORKFLOW_INPUT_NAME,
  WORKFLOW_STEP_KINDS,
  type WorkflowFrontMatter,
  type WorkflowStep,
  type WorkflowStepKind,
} from './types';

export interface ParsedWorkflow {
  /** False when any diagnostic is an error; the steps are then not runnable. */
  ok: boolean;
  frontMatter: WorkflowFrontMatter | undefined;
  steps: WorkflowStep[];
  diagnostics: WorkflowDiagnostic[];
}

const FRONT_MATTER_KEYS = new Set(['site', 'inputs', 'trigger']);
const STEP_LINE = /^(\s*)(?:(\d+\.|-)\s+)?([A-Za-z][\w-]*)\s*:(.*)$/;
const INPUT_REFERENCE = /\{([A-Za-z_][\w-]*)\}/g;

class Diagnostics {
  readonly list: WorkflowDiagnostic[] = [];
  error(code: WorkflowDiagnosticCode, message: string, line: number, column = 1): void {
    this.list.push({ severity: 'error', code, message, line, column });
  }
  warning(code: WorkflowDiagnosticCode, message: string, line: number, column = 1): void {
    this.list.push({ severity: 'warning', code, message, line, column });
  }
}

function isSkippable(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

function parseInputs(value: string, line: number, column: number, diagnostics: Diagnostics): string[] {
  const bracketed = /^\[(.*)\]$/.exec(value);
  const list = bracketed?.[1] ?? value;
  if (list.trim() === '') return [];
  const names: string[] = [];
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (!WORKFLOW_INPUT_NAME.test(name)) {
      const shown = name === '' ? 'an empty entry' : JSON.stringify(name);
      diagnostics.error('malformed-inputs', `inputs has ${shown}; write names like [email, order_id]`, line, column);
      continue;
    }
    if (names.includes(name)) {
      diagnostics.error('malformed-inputs', `input "${name}" is declared twice`, line, column);
      continue;
    }
    names.push(name);
  }
  return names;
}

/** Reads the `---` block; returns the index of the first body line, or undefined when there is no usable block. */
function parseFrontMatter(lines: string[], diagnostics: Diagnostics): { frontMatter?: WorkflowFrontMatter; bodyStart: number } {
  const at = (index: number): string => lines[index] ?? '';
  let first = 0;
  while (first < lines.length && isSkippable(at(first))) first += 1;
  if (first >= lines.length || at(first).trim() !== '---') {
    diagnostics.error('missing-front-matter', 'a workflow starts with a front matter block: ---, site: <id>, ---', first < lines.length ? first + 1 : 1);
    return { bodyStart: 0 };
  }
  let close = first + 1;
  while (close < lines.length && at(close).trim() !== '---') close += 1;
  if (close >= lines.length) {
    diagnostics.error('unterminated-front-matter', 'the front matter is not closed with a --- line', first + 1);
    return { bodyStart: lines.length };
  }
  const seen = new Set<string>();
  let site: string | undefined;
  let trigger: string | undefined;
  let inputs: string[] = [];
  for (let index = first + 1; index < close; index += 1) {
    const text = at(index);
    if (isSkippable(text)) continue;
    const lineNumber = index + 1;
    const entry = /^(\s*)([A-Za-z][\w-]*)\s*:(\s*)(.*?)\s*$/.exec(text);
    if (!entry) {
      diagnostics.error('malformed-front-matter', 'front matter lines are key: value', lineNumber);
      continue;
    }
    const [, indent = '', key = '', gap = '', value = ''] = entry;
    const valueColumn = indent.length + key.length + 2 + gap.length;
    if (seen.has(key)) {
      diagnostics.error('duplicate-key', `${key} is set twice`, lineNumber, indent.length + 1);
      continue;
    }
    seen.add(key);
    if (!FRONT_MATTER_KEYS.has(key)) {
      diagnostics.warning('unknown-key', `${key} is not a workflow key (site, inputs, trigger) and is ignored`, lineNumber, indent.length + 1);
    } else if (key === 'site') {
      if (value === '') diagnostics.error('missing-site', 'site needs a value, e.g. site: example.com', lineNumber, valueColumn);
      else site = value;
    } else if (key === 'inputs') {
      inputs = parseInputs(value, lineNumber, valueColumn, diagnostics);
    } else if (value !== '') {
      trigger = value;
    }
  }
  if (site === undefined && !seen.has('site')) diagnostics.error('missing-site', 'the front matter needs site: <id>', first + 1);
  if (site === undefined) return { bodyStart: close + 1 };
  return { frontMatter: trigger === undefined ? { site, inputs } : { site, inputs, trigger }, bodyStart: close + 1 };
}

function checkReferences(step: WorkflowStep, textColumn: number, declared: readonly string[], diagnostics: Diagnostics): void {
  const typedInput = step.action?.op === 'type' && 'input' in step.action.value ? step.action.value.input : undefined;
  for (const match of step.text.matchAll(INPUT_REFERENCE)) {
    const name = match[1] ?? '';
    if (declared.includes(name)) continue;
    const column = textColumn + (match.index ?? 0);
    const message = `{${name}} is not declared in inputs`;
    if (name === typedInput) diagnostics.error('undeclared-input', `${message}; add it to inputs: [...]`, step.line, column);
    else diagnostics.warning('undeclared-input', message, step.line, column);
  }
}

/** Parses workflow text. Never throws: everything wrong becomes a diagnostic with line, column and code. */
export function parseWorkflow(source: string): ParsedWorkflow {
  const diagnostics = new Diagnostics();
  if (utf8ByteLength(source) > MAX_WORKFLOW_SOURCE_BYTES) {
    diagnostics.error('source-too-large', `a workflow is at most ${MAX_WORKFLOW_SOURCE_BYTES / 1024} KiB (UTF-8)`, 1);
    return { ok: false, frontMatter: undefined, steps: [], diagnostics: diagnostics.list };
  }
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const { frontMatter, bodyStart } = parseFrontMatter(lines, diagnostics);
  const declared = frontMatter?.inputs ?? [];
  const steps: WorkflowStep[] = [];
  for (let index = bodyStart; index < lines.length; index += 1) {
    const text = lines[index] ?? '';
    if (isSkippable(text)) continue;
    const lineNumber = index + 1;
    const match = STEP_LINE.exec(text);
    if (!match) {
      diagnostics.error('malformed-step', 'a step is <kind>: <text>, optionally after "1." or "-"', lineNumber, text.length - text.trimStart().length + 1);
      continue;
    }
    const [, indent = '', marker = '', kind = '', rest = ''] = match;
    const kindColumn = text.indexOf(kind, indent.length + marker.length) + 1;
    if (!(WORKFLOW_STEP_KINDS as readonly string[]).includes(kind)) {
      diagnostics.error('unknown-kind', `"${kind}" is not a step kind (${WORKFLOW_STEP_KINDS.join(', ')})`, lineNumber, kindColumn);
      continue;
    }
    const stepText = rest.trim();
    const textColumn = kindColumn + kind.length + 1 + (rest.length - rest.trimStart().length);
    if (stepText === '') {
      diagnostics.error('malformed-step', `the ${kind} step has no text`, lineNumber, kindColumn);
      continue;
    }
    if (steps.length === MAX_WORKFLOW_STEPS) {
      diagnostics.error('too-many-steps', `a workflow has at most ${MAX_WORKFLOW_STEPS} steps`, lineNumber, kindColumn);
    }
    const step: WorkflowStep = { index: steps.length, line: lineNumber, kind: kind as WorkflowStepKind, text: stepText };
    if (step.kind === 'action') {
      const parsed = parseActionText(stepText);
      if (parsed.ok) step.action = parsed.action;
      else if (parsed.code === 'not-executable') diagnostics.warning(parsed.code, parsed.message, lineNumber, textColumn);
      else diagnostics.error(parsed.code, parsed.message, lineNumber, textColumn + parsed.offset);
    }
    checkReferences(step, textColumn, declared, diagnostics);
    steps.push(step);
  }
  if (steps.length === 0 && frontMatter !== undefined) {
    diagnostics.error('no-steps', 'the workflow has no steps; add lines like 1. action: click "Next" (button)', Math.min(bodyStart + 1, lines.length));
  }
  return { ok: !hasErrors(diagnostics.list), frontMatter, steps, diagnostics: diagnostics.list };
}

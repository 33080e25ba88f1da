import type { WorkflowFrontMatter } from './types';

export type InputCheck = { ok: true } | { ok: false; missing: string[]; undeclared: string[]; message: string };

/** workflow_run: every declared input must be given, and nothing else. */
export function checkRunInputs(frontMatter: WorkflowFrontMatter, inputs: Readonly<Record<string, string>>): InputCheck {
  const given = Object.keys(inputs);
  const missing = frontMatter.inputs.filter((name) => !given.includes(name));
  const undeclared = given.filter((name) => !frontMatter.inputs.includes(name));
  if (missing.length === 0 && undeclared.length === 0) return { ok: true };
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`missing inputs: ${missing.join(', ')}`);
  if (undeclared.length > 0) parts.push(`undeclared inputs: ${undeclared.join(', ')}`);
  const declared = frontMatter.inputs.length > 0 ? frontMatter.inputs.join(', ') : 'none';
  return { ok: false, missing, undeclared, message: `${parts.join('; ')}. The workflow declares: ${declared}.` };
}

/** Replaces `{name}` references with the given inputs; unknown references stay as written. */
export function substituteInputs(text: string, inputs: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Za-z_][\w-]*)\}/g, (whole, name: string) => inputs[name] ?? whole);
}

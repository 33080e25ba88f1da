import { parseDocument, type Document } from 'yaml';
import { applyIntent, deepEqual } from './intent';
import { findPatchProblem, type IRPatch } from './irPatch';
import { planPatch } from './planPatch';
import { PatchRefusal, refuse } from './refusal';
import { spliceEdit } from './sourceText';
import { detectStyle } from './style';

export type ApplyPatchesResult = { ok: true; text: string } | { ok: false; index: number; message: string };

/**
 * Applies `patches` in order, each as a splice of the affected node's source text, so everything
 * else stays byte-identical. All or nothing: the first failing patch is reported by its index.
 */
export function applyPatches(source: string, patches: readonly IRPatch[]): ApplyPatchesResult {
  if (!Array.isArray(patches)) return { ok: false, index: 0, message: 'patches must be an array' };
  for (const [index, patch] of patches.entries()) {
    const problem = findPatchProblem(patch);
    if (problem) return { ok: false, index, message: problem };
  }
  let text = source;
  for (const [index, patch] of patches.entries()) {
    try {
      text = applyPatch(text, patch);
    } catch (error) {
      const message = error instanceof PatchRefusal ? error.message : `Patch application failed: ${errorMessage(error)}`;
      return { ok: false, index, message };
    }
  }
  return { ok: true, text };
}

function applyPatch(source: string, patch: IRPatch): string {
  const doc = parseWorkflow(source);
  if (doc.errors.length > 0) refuse(`the workflow is not valid YAML: ${doc.errors[0]?.message ?? ''}`);
  const style = detectStyle(source, doc);
  const ctx = { src: source, style, plain: doc.toJS() as unknown };
  const plan = planPatch(doc, ctx, patch);
  if (!plan) return source;
  const edit = { ...plan.edit, text: plan.edit.text.replace(/\r?\n/g, style.eol) };
  const text = spliceEdit(source, edit);
  const after = parseWorkflow(text);
  if (after.errors.length > 0) throw new Error(`the edit would produce invalid YAML: ${after.errors[0]?.message ?? ''}`);
  applyIntent(ctx.plain, plan.intent);
  if (!deepEqual(after.toJS(), ctx.plain)) throw new Error('the edit would change more than the patch asks');
  return text;
}

/** YAML 1.2 keeps `on:` a string key, and `<<` stays a plain key (merges are not resolved). */
export function parseWorkflow(source: string): Document {
  return parseDocument(source, { keepSourceTokens: true, version: '1.2', merge: false });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

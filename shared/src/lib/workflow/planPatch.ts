import { isScalar, isSeq, type Document } from 'yaml';
import type { EditContext } from './editContext';
import type { Plan } from './intent';
import { pathSegments, type IRPatch, type JsonValue } from './irPatch';
import { deleteKey, setKey } from './mapEdits';
import {
  checkTraversable,
  childMap,
  childSeq,
  findPair,
  isNullValue,
  jobMap,
  joinLabel,
  rootMap,
  stepMap,
  walkToParent,
  type MapRef,
  type SeqRef,
} from './navigate';
import { refuse } from './refusal';
import { appendItem, removeItem } from './seqEdits';
import { planTriggerFilters } from './triggerPlan';

/** The text edit (and its meaning) for one well-formed patch; null when the patch changes nothing. */
export function planPatch(doc: Document, ctx: EditContext, patch: IRPatch): Plan | null {
  switch (patch.kind) {
    case 'workflow.set':
      return planSet(ctx, rootMap(doc), pathSegments(patch.path), patch.value, true);
    case 'job.set':
      return planSet(ctx, jobMap(doc, patch.jobId), pathSegments(patch.path), patch.value, false);
    case 'step.set':
      return planSet(ctx, stepMap(doc, patch.jobId, patch.stepIndex), pathSegments(patch.path), patch.value, false);
    case 'with.set': {
      const step = stepMap(doc, patch.jobId, patch.stepIndex);
      const inputs = childMap(step, 'with');
      if (!inputs) return setKey(ctx, step, 'with', { [patch.key]: patch.value });
      return setKey(ctx, inputs, patch.key, patch.value);
    }
    case 'with.remove': {
      const inputs = childMap(stepMap(doc, patch.jobId, patch.stepIndex), 'with');
      return inputs ? deleteKey(ctx, inputs, patch.key) : null;
    }
    case 'needs.add':
      return planNeedsAdd(ctx, jobMap(doc, patch.jobId), patch.ref);
    case 'needs.remove':
      return planNeedsRemove(ctx, jobMap(doc, patch.jobId), patch.ref);
    case 'trigger.setFilters':
      return planTriggerFilters(ctx, rootMap(doc), patch.event, patch.filter, patch.value);
  }
}

function planSet(ctx: EditContext, base: MapRef, segments: string[], value: JsonValue, create: boolean): Plan | null {
  const { parent, rest } = walkToParent(base, segments, create);
  const [key, ...deeper] = rest as [string, ...string[]];
  const nested = deeper.reduceRight<JsonValue>((inner, segment) => ({ [segment]: inner }), value);
  return setKey(ctx, parent, key, nested);
}

/** `needs` absent → `[ref]`; a single id → `[id, ref]`; a list → ref appended (never twice). */
function planNeedsAdd(ctx: EditContext, job: MapRef, ref: string): Plan | null {
  const needs = readNeeds(job);
  if (!needs) return setKey(ctx, job, 'needs', [ref]);
  if ('single' in needs) return needs.single === ref ? null : setKey(ctx, job, 'needs', [needs.single, ref]);
  return needs.ids.includes(ref) ? null : appendItem(ctx, needs.seq, ref);
}

/** Removes the first `ref`; `needs` goes away when nothing is left. */
function planNeedsRemove(ctx: EditContext, job: MapRef, ref: string): Plan | null {
  const needs = readNeeds(job);
  if (!needs) return null;
  if ('single' in needs) return needs.single === ref ? deleteKey(ctx, job, 'needs') : null;
  const index = needs.ids.indexOf(ref);
  if (index === -1) return null;
  return needs.ids.length === 1 ? deleteKey(ctx, job, 'needs') : removeItem(ctx, needs.seq, index);
}

function readNeeds(job: MapRef): { single: string } | { seq: SeqRef; ids: (string | undefined)[] } | undefined {
  const pair = findPair(job.node, 'needs');
  if (!pair || isNullValue(pair.value)) return undefined;
  checkTraversable(pair.value, joinLabel(job, 'needs'));
  if (isScalar(pair.value)) return { single: String(pair.value.value) };
  if (!isSeq(pair.value)) refuse(`${joinLabel(job, 'needs')} is neither a job id nor a list of job ids`);
  const seq = childSeq(job, 'needs') as SeqRef;
  return { seq, ids: seq.node.items.map((item) => (isScalar(item) ? String(item.value) : undefined)) };
}

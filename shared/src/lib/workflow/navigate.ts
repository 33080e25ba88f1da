import { isAlias, isMap, isScalar, isSeq, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { PlainPath } from './intent';
import { refuse } from './refusal';

/** A mapping reached from the root, with its plain path and the pair that holds it (if any). */
export interface MapRef {
  node: YAMLMap;
  path: PlainPath;
  owner: Pair | null;
  /** The mapping that holds `owner`. */
  parent: MapRef | null;
  /** Human-readable location for messages, e.g. `jobs.build.steps[2]`. */
  label: string;
}

export interface SeqRef {
  node: YAMLSeq;
  path: PlainPath;
  owner: Pair;
  label: string;
}

export function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

export function isMergeKey(pair: Pair): boolean {
  return isScalar(pair.key) && pair.key.value === '<<' && pair.key.type === 'PLAIN';
}

export function rootMap(doc: Document): MapRef {
  if (!isMap(doc.contents)) refuse('the workflow root is not a mapping');
  return checkedMap({ node: doc.contents, path: [], owner: null, parent: null, label: 'the workflow root' });
}

/** Refuses edits through aliases, anchored nodes (their aliases would change too) and `<<` merges. */
export function checkTraversable(node: unknown, label: string): void {
  if (isAlias(node)) {
    refuse(`${label} is the alias *${node.source}; a patch cannot edit through an alias — use document.write`);
  }
  const anchor = (node as Node | null)?.anchor;
  if (anchor) {
    refuse(`${label} carries the anchor &${anchor}; editing it would also change every *${anchor} alias — use document.write`);
  }
}

function checkedMap(ref: MapRef): MapRef {
  checkTraversable(ref.node, ref.label);
  if (ref.node.items.some(isMergeKey)) {
    refuse(`${ref.label} uses a "<<" merge key, which GitHub Actions does not support; a patch cannot edit through it`);
  }
  return ref;
}

/** The mapping under `key` in `parent`: undefined when the key is absent or null, refused otherwise. */
export function childMap(parent: MapRef, key: string): MapRef | undefined {
  const pair = findPair(parent.node, key);
  if (!pair || isNullValue(pair.value)) return undefined;
  const label = joinLabel(parent, key);
  checkTraversable(pair.value, label);
  if (!isMap(pair.value)) refuse(`${label} is not a mapping`);
  return checkedMap({ node: pair.value, path: [...parent.path, key], owner: pair, parent, label });
}

export function childSeq(parent: MapRef, key: string): SeqRef | undefined {
  const pair = findPair(parent.node, key);
  if (!pair || isNullValue(pair.value)) return undefined;
  const label = joinLabel(parent, key);
  checkTraversable(pair.value, label);
  if (!isSeq(pair.value)) refuse(`${label} is not a list`);
  return { node: pair.value, path: [...parent.path, key], owner: pair, label };
}

export function seqItemMap(seq: SeqRef, index: number): MapRef {
  const label = `${seq.label}[${index}]`;
  const item = seq.node.items[index];
  checkTraversable(item, label);
  if (!isMap(item)) refuse(`${label} is not a mapping`);
  return checkedMap({ node: item, path: [...seq.path, index], owner: null, parent: null, label });
}

export function jobMap(doc: Document, jobId: string): MapRef {
  const jobs = childMap(rootMap(doc), 'jobs');
  if (!jobs) refuse('the workflow has no jobs: mapping');
  const job = childMap(jobs, jobId);
  if (!job) {
    const known = jobs.node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
    refuse(`unknown jobId "${jobId}"; the jobs are: ${known.join(', ')}`);
  }
  return job;
}

export function stepMap(doc: Document, jobId: string, stepIndex: number): MapRef {
  const steps = childSeq(jobMap(doc, jobId), 'steps');
  if (!steps) refuse(`job "${jobId}" has no steps`);
  if (stepIndex >= steps.node.items.length) {
    refuse(`stepIndex ${stepIndex} is out of range: job "${jobId}" has ${steps.node.items.length} steps`);
  }
  return seqItemMap(steps, stepIndex);
}

/**
 * Walks `segments` below `base` down to the mapping that holds the last key. Where an intermediate
 * mapping is missing, `create` decides: true stops there (the caller inserts the rest as a nested
 * value), false refuses.
 */
export function walkToParent(
  base: MapRef,
  segments: readonly string[],
  create: boolean,
): { parent: MapRef; rest: string[] } {
  let current = base;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as string;
    const next = descend(current, segment, segments[i + 1] as string);
    if ('seqItem' in next) {
      if (i + 1 === segments.length - 1) refuse(`setting a list item by index is not supported; set "${segment}" as a whole`);
      current = next.seqItem;
      i++;
      continue;
    }
    if (!next.map) {
      if (create) return { parent: current, rest: segments.slice(i) };
      refuse(
        `${joinLabel(current, segment)} does not exist; job.set and step.set do not create intermediate mappings — set "${segment}" to an object instead`,
      );
    }
    current = next.map;
  }
  return { parent: current, rest: segments.slice(-1) };
}

/** One step down; a list followed by a numeric segment is entered at that index. */
function descend(current: MapRef, segment: string, following: string): { map?: MapRef } | { seqItem: MapRef } {
  const pair = findPair(current.node, segment);
  if (pair && isSeq(pair.value) && /^\d+$/.test(following)) {
    const seq = childSeq(current, segment) as SeqRef;
    const index = Number(following);
    if (index >= seq.node.items.length) refuse(`${seq.label}[${index}] is out of range`);
    return { seqItem: seqItemMap(seq, index) };
  }
  const map = childMap(current, segment);
  return map ? { map } : {};
}

export function isNullValue(value: unknown): boolean {
  return value === null || value === undefined || (isScalar(value) && value.value === null);
}

export function joinLabel(parent: MapRef, key: string): string {
  return parent.path.length === 0 ? key : `${parent.label}.${key}`;
}

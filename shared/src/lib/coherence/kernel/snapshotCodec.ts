import type { Entry, EntryOf } from '../ledger/entries';
import { CoherenceIndex, type Revision, type TrackedObject, type TransformationRef } from './coherenceIndex';

/**
 * Bumped whenever what `CoherenceIndex.apply` derives changes: a snapshot written by other index
 * code is discarded (full replay) rather than trusted.
 */
export const INDEX_CODE_VERSION = 2;

type Input = TransformationRef['inputs'][number];
type Resolution = EntryOf<'ratification'> | EntryOf<'waiver'>;

/**
 * Many short strings (revision ids, hashes, idems) as one `\n`-joined string: JSON.parse of one long
 * string and a split load several times faster than an array of 200,000 strings. A column holding
 * a string with `\n` in it stays an array.
 */
type Column = string | string[];

const column = (strings: readonly string[]): Column => (strings.some((s) => s.includes('\n')) ? [...strings] : strings.join('\n'));

function strings(col: Column, count: number): string[] {
  const list = typeof col === 'string' ? (count === 0 ? [] : col.split('\n')) : col;
  if (!Array.isArray(list) || list.length !== count) throw new Error('a snapshot column has the wrong length');
  return list;
}

/** The index in columns: only what `apply` derives (the scan's `absent` marks and the projection's dirty set are not kept). */
export interface IndexColumns {
  entryCount: number;
  /** [id, path, pathEntry, revision count] per object, in the index's order. */
  objects: [string, string, Entry | null, number][];
  revisions: number;
  revIds: Column;
  revHashes: Column;
  /** Per revision: how many parents, then each parent as an index into its object's revisions, or -(k+1) for parentNames[k]. */
  parentCounts: number[];
  parentRefs: number[];
  parentNames: Column;
  parentNameCount: number;
  /** Per revision: how many producers, then each as an index into the transformations. */
  producerCounts: number[];
  producerRefs: number[];
  transformations: number;
  txfIds: Column;
  /** The downstream object of each transformation, as an index into objects. */
  txfObjects: number[];
  /** [transformation index, object, revision, role] per input. */
  inputs: [number, string, string, Input['role']][];
  dependents: [string, string[]][];
  resolutions: [string, Resolution[]][];
  checks: [string, EntryOf<'check-result'>][];
  claims: [string, EntryOf<'claim'>[]][];
  delegations: [string, EntryOf<'delegation'>[]][];
  diagnostics: EntryOf<'diagnostic'>[];
  lastNavigation: EntryOf<'navigation'> | null;
  seenCount: number;
  /** Sorted (`IdemSet` looks them up where they lie). */
  seen: Column;
}

export function encodeIndex(index: CoherenceIndex): IndexColumns {
  const objectAt = new Map<string, number>();
  const txfAt = new Map<string, number>();
  const txfIds: string[] = [];
  const txfObjects: number[] = [];
  const inputs: IndexColumns['inputs'] = [];
  const objects: IndexColumns['objects'] = [];
  [...index.objects.values()].forEach((object, i) => objectAt.set(object.id, i));
  for (const txf of index.transformations.values()) {
    const at = txfIds.length;
    txfAt.set(txf.id, at);
    txfIds.push(txf.id);
    txfObjects.push(objectAt.get(txf.object) as number);
    for (const input of txf.inputs) inputs.push([at, input.object, input.revision, input.role]);
  }
  const revIds: string[] = [];
  const revHashes: string[] = [];
  const parentCounts: number[] = [];
  const parentRefs: number[] = [];
  const parentNames: string[] = [];
  const producerCounts: number[] = [];
  const producerRefs: number[] = [];
  for (const object of index.objects.values()) {
    objects.push([object.id, object.path, object.pathEntry, object.revisions.size]);
    const revAt = new Map<string, number>();
    for (const id of object.revisions.keys()) revAt.set(id, revAt.size);
    for (const revision of object.revisions.values()) {
      revIds.push(revision.id);
      revHashes.push(revision.hash);
      parentCounts.push(revision.parents.length);
      for (const parent of revision.parents) {
        const at = revAt.get(parent);
        if (at !== undefined) parentRefs.push(at);
        else parentRefs.push(-1 - (parentNames.push(parent) - 1));
      }
      const producers = revision.producers === '' ? [] : typeof revision.producers === 'string' ? [revision.producers] : revision.producers;
      producerCounts.push(producers.length);
      for (const producer of producers) {
        const at = txfAt.get(producer);
        if (at === undefined) throw new Error(`revision ${revision.id} names an unknown transformation ${producer}`);
        producerRefs.push(at);
      }
    }
  }
  return {
    entryCount: index.entryCount,
    objects,
    revisions: revIds.length,
    revIds: column(revIds),
    revHashes: column(revHashes),
    parentCounts,
    parentRefs,
    parentNames: column(parentNames),
    parentNameCount: parentNames.length,
    producerCounts,
    producerRefs,
    transformations: txfIds.length,
    txfIds: column(txfIds),
    txfObjects,
    inputs,
    dependents: [...index.dependents].map(([upstream, set]) => [upstream, [...set]]),
    resolutions: [...index.resolutions],
    checks: [...index.checks],
    claims: [...index.claims],
    delegations: [...index.delegations],
    diagnostics: index.diagnostics,
    lastNavigation: index.lastNavigation ?? null,
    seenCount: index.seen.size,
    seen: column(index.seen.sorted()),
  };
}

const NONE: readonly never[] = Object.freeze([]);

/** The index back from its columns; throws on any inconsistency (the caller then replays the ledger). */
export function decodeIndex(c: IndexColumns): CoherenceIndex {
  const index = new CoherenceIndex();
  const revIds = strings(c.revIds, c.revisions);
  const revHashes = strings(c.revHashes, c.revisions);
  const parentNames = strings(c.parentNames, c.parentNameCount);
  const txfIds = strings(c.txfIds, c.transformations);
  const objectList: TrackedObject[] = c.objects.map(([id, path, pathEntry]) => ({
    id,
    path,
    pathEntry,
    revisions: new Map<string, Revision>(),
    orphanParents: new Set<string>(),
    headSet: new Set<string>(),
    absent: false,
  }));
  for (const object of objectList) index.objects.set(object.id, object);
  let r = 0;
  let parentAt = 0;
  let producerAt = 0;
  c.objects.forEach(([, , , count], i) => {
    const object = objectList[i] as TrackedObject;
    const list: Revision[] = [];
    for (let j = 0; j < count; j++, r++) {
      const revision: Revision = { id: revIds[r] as string, hash: revHashes[r] as string, parents: NONE, producers: '', hasChild: false };
      list.push(revision);
      object.revisions.set(revision.id, revision);
    }
    for (let j = 0, at = r - count; j < count; j++, at++) {
      const revision = list[j] as Revision;
      const parents = c.parentCounts[at] as number;
      if (parents > 0) {
        const named: string[] = [];
        for (let k = 0; k < parents; k++) {
          // child links and orphan parents follow from the parents, as `apply` builds them
          const ref = c.parentRefs[parentAt++] as number;
          const parent = ref >= 0 ? list[ref] : undefined;
          const name = parent ? parent.id : parentNames[-1 - ref];
          if (name === undefined) throw new Error('a snapshot parent reference is out of range');
          if (parent) parent.hasChild = true;
          else object.orphanParents.add(name);
          named.push(name);
        }
        revision.parents = named;
      }
      const producers = c.producerCounts[at] as number;
      for (let k = 0; k < producers; k++) {
        const txf = txfIds[c.producerRefs[producerAt++] as number];
        if (txf === undefined) throw new Error('a snapshot producer reference is out of range');
        if (revision.producers === '') revision.producers = txf;
        else if (typeof revision.producers === 'string') revision.producers = [revision.producers, txf];
        else revision.producers.push(txf);
      }
    }
    for (const revision of list) if (!revision.hasChild) object.headSet.add(revision.id);
  });
  if (r !== c.revisions || parentAt !== c.parentRefs.length || producerAt !== c.producerRefs.length) throw new Error('the snapshot revisions do not add up');
  const inputsOf = new Map<number, Input[]>();
  for (const [at, object, revision, role] of c.inputs) {
    const upstream = index.objects.get(object);
    const list = inputsOf.get(at) ?? [];
    list.push({ object: upstream?.id ?? object, revision: upstream?.revisions.get(revision)?.id ?? revision, role });
    inputsOf.set(at, list);
  }
  txfIds.forEach((id, at) => {
    const object = objectList[c.txfObjects[at] as number];
    if (!object) throw new Error('a snapshot transformation names an unknown object');
    index.transformations.set(id, { id, object: object.id, inputs: inputsOf.get(at) ?? NONE });
  });
  for (const [upstream, downstream] of c.dependents) index.dependents.set(upstream, new Set(downstream));
  for (const [key, list] of c.resolutions) index.resolutions.set(key, list);
  for (const [key, entry] of c.checks) index.checks.set(key, entry);
  for (const [key, list] of c.claims) index.claims.set(key, list);
  for (const [key, list] of c.delegations) index.delegations.set(key, list);
  for (const diagnostic of c.diagnostics) index.diagnostics.push(diagnostic);
  index.lastNavigation = c.lastNavigation ?? undefined;
  index.seen.load(c.seen, c.seenCount);
  index.entryCount = c.entryCount;
  return index;
}

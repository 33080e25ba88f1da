import type { Entry, EntryOf } from '../ledger/entries';
import { CoherenceIndex, type TransformationRef } from './coherenceIndex';
import { PackedColumn } from './packedColumn';
import { rowStrings, SnapshotObject, SnapshotRevisions, type RevisionColumns, type RevisionSlice, type StoredRows } from './snapshotObjects';

/**
 * Bumped whenever what `CoherenceIndex.apply` derives changes: a snapshot written by other index
 * code is discarded (full replay) rather than trusted.
 */
export const INDEX_CODE_VERSION = 3;

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
  if (!Number.isInteger(count) || count < 0) throw new Error('a snapshot column has the wrong length');
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
  /** Packed when all are of one shape (`rev1:<hex>`, `sha256:<hex>`): stored after the snapshot's header line. */
  revIds: Column | PackedColumn;
  revHashes: Column | PackedColumn;
  /** Per revision: how many parents, then each parent as an index into its object's revisions, or -(k+1) for parentNames[k]. */
  parentCounts: ArrayLike<number>;
  parentRefs: ArrayLike<number>;
  parentNames: Column;
  parentNameCount: number;
  /** Per revision: how many producers, then each as an index into the transformations. */
  producerCounts: ArrayLike<number>;
  producerRefs: ArrayLike<number>;
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
  /** The idems of no packed shape, sorted. */
  seen: Column;
  /** The other idems, one packed column per shape, each sorted (`IdemSet` looks them up where they lie). */
  seenPacked: PackedColumn[];
}

/**
 * A revision column as the writer collects it: rows copied from the loaded snapshot (bytes, when
 * packed: a rewrite makes no strings of the objects nothing used) and values of built revisions.
 */
class RowsBuilder {
  private readonly parts: (StoredRows | string)[] = [];
  count = 0;

  addRows(rows: StoredRows): void {
    this.parts.push(rows);
    this.count += rows.count;
  }

  add(value: string): void {
    this.parts.push(value);
    this.count++;
  }

  /** Packed when every row is of one shape, else a `\n`-joined column. */
  build(): Column | PackedColumn {
    const first = this.parts.find((part) => typeof part === 'string' || part.count > 0);
    const shaped = first === undefined ? null : typeof first === 'string' ? PackedColumn.of([first]) : first.column instanceof PackedColumn ? first.column : PackedColumn.of(rowStrings(first).slice(0, 1));
    if (shaped) {
      const packed = new PackedColumn(shaped.shape, new Uint8Array(shaped.width * this.count));
      let row = 0;
      const fits = this.parts.every((part) => {
        if (typeof part === 'string') return packed.pack(part, packed.bytes, row++ * packed.width);
        if (part.column instanceof PackedColumn && part.column.shape === packed.shape) {
          packed.bytes.set(part.column.bytes.subarray(part.first * packed.width, (part.first + part.count) * packed.width), row * packed.width);
          row += part.count;
          return true;
        }
        return rowStrings(part).every((value) => packed.pack(value, packed.bytes, row++ * packed.width));
      });
      if (fits) return packed;
    }
    return column(this.parts.flatMap((part) => (typeof part === 'string' ? [part] : rowStrings(part))));
  }
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
  const revIds = new RowsBuilder();
  const revHashes = new RowsBuilder();
  const parentCounts: number[] = [];
  const parentRefs: number[] = [];
  const parentNames: string[] = [];
  const producerCounts: number[] = [];
  const producerRefs: number[] = [];
  for (const object of index.objects.values()) {
    objects.push([object.id, object.path, object.pathEntry, object.revisions.size]);
    // rows loaded from the last snapshot and never used are copied as rows, without building revisions
    const stored = object.revisions instanceof SnapshotRevisions ? object.revisions.stored() : null;
    if (stored) {
      revIds.addRows(stored.ids);
      revHashes.addRows(stored.hashes);
      stored.parents.forEach((parents, j) => {
        parentCounts.push(parents.length);
        for (const parent of parents) parentRefs.push(typeof parent === 'number' ? parent : -1 - (parentNames.push(parent) - 1));
        const producers = stored.producers[j] as readonly string[];
        producerCounts.push(producers.length);
        for (const producer of producers) {
          const at = txfAt.get(producer);
          if (at === undefined) throw new Error(`revision ${rowStrings(stored.ids)[j]} names an unknown transformation ${producer}`);
          producerRefs.push(at);
        }
      });
      continue;
    }
    const revAt = new Map<string, number>();
    for (const id of object.revisions.keys()) revAt.set(id, revAt.size);
    for (const revision of object.revisions.values()) {
      revIds.add(revision.id);
      revHashes.add(revision.hash);
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
  const seen = index.seen.packedByShape();
  return {
    entryCount: index.entryCount,
    objects,
    revisions: revIds.count,
    revIds: revIds.build(),
    revHashes: revHashes.build(),
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
    seen: column(seen.rest),
    seenPacked: seen.packed,
  };
}

const NONE: readonly never[] = Object.freeze([]);

/** A revision column as loaded: packed rows stay packed (their strings are made when an object's revisions are built). */
function rowsOf(col: Column | PackedColumn, count: number): PackedColumn | string[] {
  if (!(col instanceof PackedColumn)) return strings(col, count);
  if (col.length !== count) throw new Error('a snapshot column has the wrong length');
  return col;
}

/**
 * The index back from its columns; throws on any inconsistency (the caller then replays the ledger).
 * Every reference is checked here, but revisions are built per object on first use (`snapshotObjects.ts`).
 */
export function decodeIndex(c: IndexColumns): CoherenceIndex {
  const index = new CoherenceIndex();
  const parentNames = strings(c.parentNames, c.parentNameCount);
  const txfIds = strings(c.txfIds, c.transformations);
  const columns: RevisionColumns = {
    revIds: rowsOf(c.revIds, c.revisions),
    revHashes: rowsOf(c.revHashes, c.revisions),
    parentCounts: c.parentCounts,
    parentRefs: c.parentRefs,
    parentNames,
    producerCounts: c.producerCounts,
    producerRefs: c.producerRefs,
    txfIds,
  };
  const objectList: SnapshotObject[] = [];
  let r = 0;
  let parentAt = 0;
  let producerAt = 0;
  c.objects.forEach(([id, path, pathEntry, count]) => {
    if (!Number.isInteger(count) || count < 0) throw new Error('a snapshot revision count is invalid');
    const slice: RevisionSlice = {
      first: r,
      count,
      parentFrom: parentAt,
      producerFrom: producerAt,
    };
    for (let j = 0; j < count; j++, r++) {
      for (let k = c.parentCounts[r] as number; k > 0; k--) {
        const ref = c.parentRefs[parentAt++] as number;
        if (!Number.isInteger(ref) || ref >= count || (ref < 0 && -1 - ref >= parentNames.length)) throw new Error('a snapshot parent reference is out of range');
      }
      for (let k = c.producerCounts[r] as number; k > 0; k--) {
        const ref = c.producerRefs[producerAt++] as number;
        if (!Number.isInteger(ref) || ref < 0 || ref >= txfIds.length) throw new Error('a snapshot producer reference is out of range');
      }
    }
    const object = new SnapshotObject(id, path, pathEntry, columns, slice);
    objectList.push(object);
    index.addObject(object);
  });
  if (r !== c.revisions || parentAt !== c.parentRefs.length || producerAt !== c.producerRefs.length) throw new Error('the snapshot revisions do not add up');
  const inputsOf = new Map<number, Input[]>();
  for (const [at, object, revision, role] of c.inputs) {
    const list = inputsOf.get(at) ?? [];
    // the object's own id string is shared; its revision is not looked up (that would build its revisions)
    list.push({ object: index.objects.get(object)?.id ?? object, revision, role });
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
  const packedSeen = c.seenPacked.reduce((sum, packed) => sum + packed.length, 0);
  index.seen.load(c.seenPacked, strings(c.seen, c.seenCount - packedSeen));
  index.entryCount = c.entryCount;
  return index;
}

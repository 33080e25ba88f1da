import type { Entry } from '../ledger/entries';
import type { Revision, TrackedObject } from './coherenceIndex';
import { PackedColumn } from './packedColumn';

/**
 * The index snapshot's revision columns, kept as loaded: an object's revisions become objects only
 * when something first asks for them (opening 200,000 entries builds ~5,000 objects, not ~195,000
 * revisions and their maps, which the garbage collector would then copy).
 */
export interface RevisionColumns {
  /** Packed (`packedColumn.ts`), or an array when the values are not all of one shape. */
  revIds: PackedColumn | readonly string[];
  revHashes: PackedColumn | readonly string[];
  parentCounts: ArrayLike<number>;
  /** A parent as an index into its object's revisions, or -(k+1) for parentNames[k]. */
  parentRefs: ArrayLike<number>;
  parentNames: readonly string[];
  producerCounts: ArrayLike<number>;
  /** A producer as an index into txfIds. */
  producerRefs: ArrayLike<number>;
  txfIds: readonly string[];
}

/** Where one object's revisions lie in the columns. */
export interface RevisionSlice {
  /** The first revision's row and how many rows. */
  first: number;
  count: number;
  /** The first row's first entry in parentRefs and producerRefs. */
  parentFrom: number;
  producerFrom: number;
}

const NONE: readonly never[] = Object.freeze([]);

/** Rows of a revision column, not yet made strings (the snapshot writer copies packed rows as bytes). */
export interface StoredRows {
  column: PackedColumn | readonly string[];
  first: number;
  count: number;
}

export const rowStrings = ({ column, first, count }: StoredRows): readonly string[] =>
  count === 0 ? NONE : column instanceof PackedColumn ? column.rows(first, count) : column.slice(first, first + count);

/** A revision row as it is stored: parents are local row indexes or names, producers transformation ids. */
export interface StoredRevisions {
  ids: StoredRows;
  hashes: StoredRows;
  /** Per row: its parents, each a row index of the same object or a revision name. */
  parents: readonly (readonly (number | string)[])[];
  producers: readonly (readonly string[])[];
}

/** One object's rows out of the columns (what the snapshot writer copies without building revisions). */
export function storedRevisions(columns: RevisionColumns, slice: RevisionSlice): StoredRevisions {
  const ids = { column: columns.revIds, first: slice.first, count: slice.count };
  const hashes = { column: columns.revHashes, first: slice.first, count: slice.count };
  const parents: (number | string)[][] = [];
  const producers: string[][] = [];
  let parentAt = slice.parentFrom;
  let producerAt = slice.producerFrom;
  for (let j = 0, row = slice.first; j < slice.count; j++, row++) {
    const named: (number | string)[] = [];
    for (let k = columns.parentCounts[row] as number; k > 0; k--) {
      const ref = columns.parentRefs[parentAt++] as number;
      named.push(ref >= 0 ? ref : (columns.parentNames[-1 - ref] as string));
    }
    parents.push(named);
    const made: string[] = [];
    for (let k = columns.producerCounts[row] as number; k > 0; k--) made.push(columns.txfIds[columns.producerRefs[producerAt++] as number] as string);
    producers.push(made);
  }
  return { ids, hashes, parents, producers };
}

/**
 * An object's revisions map, filled from the snapshot on first use. `size` answers without filling
 * (status and the scan count revisions of every object).
 */
export class SnapshotRevisions extends Map<string, Revision> {
  private pending: { columns: RevisionColumns; slice: RevisionSlice; into: SnapshotObject } | null = null;

  static of(columns: RevisionColumns, slice: RevisionSlice, into: SnapshotObject): SnapshotRevisions {
    const map = new SnapshotRevisions();
    map.pending = { columns, slice, into };
    return map;
  }

  /** The rows not yet built into revisions, or null once they are. */
  stored(): StoredRevisions | null {
    return this.pending ? storedRevisions(this.pending.columns, this.pending.slice) : null;
  }

  override get size(): number {
    return this.pending ? this.pending.slice.count : super.size;
  }
  override get(key: string): Revision | undefined {
    if (this.pending) this.fill();
    return super.get(key);
  }
  override has(key: string): boolean {
    if (this.pending) this.fill();
    return super.has(key);
  }
  override set(key: string, value: Revision): this {
    if (this.pending) this.fill();
    return super.set(key, value);
  }
  override delete(key: string): boolean {
    if (this.pending) this.fill();
    return super.delete(key);
  }
  override clear(): void {
    this.pending = null;
    super.clear();
  }
  override forEach(visit: (value: Revision, key: string, map: Map<string, Revision>) => void, thisArg?: unknown): void {
    if (this.pending) this.fill();
    super.forEach(visit, thisArg);
  }
  override keys(): MapIterator<string> {
    if (this.pending) this.fill();
    return super.keys();
  }
  override values(): MapIterator<Revision> {
    if (this.pending) this.fill();
    return super.values();
  }
  override entries(): MapIterator<[string, Revision]> {
    if (this.pending) this.fill();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, Revision]> {
    return this.entries();
  }

  /** Builds the revisions, their child links, orphan parents and heads, as `CoherenceIndex.apply` would have. */
  fill(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const stored = storedRevisions(pending.columns, pending.slice);
    const { parents, producers } = stored;
    const hashes = rowStrings(stored.hashes);
    const object = pending.into;
    const list: Revision[] = rowStrings(stored.ids).map((id, j) => ({ id, hash: hashes[j] as string, parents: NONE, producers: '', hasChild: false }));
    for (const revision of list) super.set(revision.id, revision);
    list.forEach((revision, j) => {
      const refs = parents[j] as readonly (number | string)[];
      if (refs.length > 0) {
        revision.parents = refs.map((ref) => {
          if (typeof ref === 'string') {
            (object.orphans ??= new Set()).add(ref);
            return ref;
          }
          const parent = list[ref] as Revision;
          parent.hasChild = true;
          return parent.id;
        });
      }
      const made = producers[j] as readonly string[];
      if (made.length > 0) revision.producers = made.length === 1 ? (made[0] as string) : [...made];
    });
    const heads = (object.heads ??= new Set());
    for (const revision of list) if (!revision.hasChild) heads.add(revision.id);
  }
}

/** A tracked object loaded from the snapshot: its revisions, heads and orphan parents are built on first use. */
export class SnapshotObject implements TrackedObject {
  readonly revisions: SnapshotRevisions;
  /** Made and filled with the revisions (read through `headSet` / `orphanParents`): two sets for each of thousands of objects cost an open ~10 % of its heap. */
  heads: Set<string> | null = null;
  orphans: Set<string> | null = null;
  absent = false;

  constructor(
    readonly id: string,
    public path: string,
    public pathEntry: Entry | null,
    columns: RevisionColumns,
    slice: RevisionSlice,
  ) {
    this.revisions = SnapshotRevisions.of(columns, slice, this);
  }

  get headSet(): Set<string> {
    this.revisions.fill();
    return (this.heads ??= new Set());
  }

  get orphanParents(): Set<string> {
    this.revisions.fill();
    return (this.orphans ??= new Set());
  }
}

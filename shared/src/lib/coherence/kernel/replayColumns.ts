import type { Entry, EntryOf, KnownEntry } from '../ledger/entries';
import { entryOrder } from '../ledger/entries';
import type { Ledger, MalformedLine } from '../ledger/ledger';
import { RegistrationLine } from '../ledger/registrationLine';
import { MOST_PARENTS, TransformationLine } from '../ledger/transformationLine';
import { asciiText } from '../utf8';
import type { CoherenceIndex, TransformationRef } from './coherenceIndex';
import { copyRow, grow, hashAt, RowTable, Rows, sortRows } from './byteRows';
import { PackedColumn, shapeOf } from './packedColumn';
import { decodeIndex, type IndexColumns } from './snapshotCodec';

/**
 * A full replay that builds the index in the columns the index snapshot loads (`snapshotCodec.ts`),
 * reading the kernel's own transformation lines as bytes (`transformationLine.ts`): no `JSON.parse`,
 * and no object or string per revision (an object's revisions are built when first used, as after
 * opening from the snapshot). Every other line is parsed as usual. It gives up (null) on what only
 * the entry-by-entry replay settles: a repeated idem, a transformation in another form.
 */
export async function replayColumns(ledger: Ledger): Promise<{ index: CoherenceIndex; malformed: MalformedLine[] } | null> {
  const build = new ColumnsBuilder(Math.ceil((await ledger.byteSize()) / LINE_BYTES));
  const line = new TransformationLine();
  const registration = new RegistrationLine();
  const read = await ledger.readWhole(
    (bytes, start) => {
      build.aim(line);
      let end = line.match(bytes, start);
      if (end >= 0) return build.transformation(bytes, line) ? end : -1;
      end = registration.match(bytes, start);
      if (end >= 0) build.registration(registration.entry as EntryOf<'object-registered'>);
      return end;
    },
    (entry) => build.entry(entry),
  );
  if (read === null) return null;
  const index = build.index();
  return index && { index, malformed: read.malformed };
}

const shaped = (example: string): PackedColumn => new PackedColumn(shapeOf(example) as string, new Uint8Array(0));
const UUID = shaped('00000000-0000-0000-0000-000000000000');
const REVISION = shaped(`rev1:${'0'.repeat(64)}`);
const HASH = shaped(`sha256:${'0'.repeat(64)}`);
const ROLES = ['direct', 'contextual'] as const;
/** About the bytes of a line the kernel writes (~450–650): rows are made for the lines a ledger of its size holds. */
const LINE_BYTES = 500;

/** What a full replay collects, in the snapshot's columns. */
class ColumnsBuilder {
  private entryCount = 0;
  /** Objects in the order an entry first named them (the index's order). */
  private readonly objectIds: string[] = [];
  private readonly paths: string[] = [];
  private readonly pathEntries: (EntryOf<'object-registered'> | null)[] = [];
  /** Objects with a UUID id, by its packed bytes; others by id. */
  private readonly uuidObjects = new Rows(UUID.width, 1024);
  private readonly uuidObjectRow: number[] = [];
  private readonly uuidObjectTable = new RowTable((row) => hashAt(this.uuidObjects.bytes, row * UUID.width + 12));
  private readonly otherObjects = new Map<string, number>();
  /** The UUID object found last (its key row), or -1. */
  private lastObject = -1;

  /** Revision rows in the order they first appeared: object, id, hash, parents. */
  private readonly revisions: Rows;
  private readonly hashes: Rows;
  private rowObject: Int32Array<ArrayBuffer>;
  private rowParentFrom: Int32Array<ArrayBuffer>;
  /** Parents not known when their line was read (see `parentRow`), packed. */
  private readonly parents = new Rows(REVISION.width, 1024);
  /** Where a line's parents are packed before `addRevision` looks at them. */
  private readonly parentScratch = new Uint8Array(REVISION.width * MOST_PARENTS);
  private parentCount = 0;
  private readonly revisionTable: RowTable;
  /** Per parent: the row it names when it was known as its line was read; else -(k+1) for row k of `parents` (looked up at the end). */
  private parentRow: Int32Array<ArrayBuffer>;
  /** Per object: its revision row added last, or -1. */
  private lastRow = new Int32Array(1024).fill(-1);
  private readonly producers = new Map<number, number[]>();

  /** Transformations with inputs (the sources of edges). */
  private readonly txfIds: string[] = [];
  private readonly txfAt = new Map<string, number>();
  private readonly txfObjects: number[] = [];
  private readonly inputs: IndexColumns['inputs'] = [];
  private readonly dependents = new Map<string, Set<string>>();

  private readonly uuidIdems: Rows;
  private readonly otherIdems: string[] = [];
  /** Entries of the other kinds, applied to the index once it is built. */
  private readonly rest: (KnownEntry | Entry)[] = [];

  /** `lines`: about how many lines the ledger holds (rows are made for that many). */
  constructor(lines: number) {
    this.revisions = new Rows(REVISION.width, lines);
    this.hashes = new Rows(HASH.width, lines);
    this.uuidIdems = new Rows(UUID.width, lines);
    this.revisionTable = new RowTable((row) => this.revisionHash(this.revisions.bytes, row * REVISION.width, this.rowObject[row] as number), lines);
    this.rowObject = new Int32Array(lines + 2);
    this.rowParentFrom = new Int32Array(lines + 2);
    this.parentRow = new Int32Array(lines + 2);
  }

  /** Aims the matcher's packed values at the next rows (written once, kept by advancing the count). */
  aim(line: TransformationLine): void {
    // reserving may replace a row's bytes: each is taken after
    line.revisionAt = this.revisions.reserve();
    line.revision = this.revisions.bytes;
    line.hashAt = this.hashes.reserve();
    line.hash = this.hashes.bytes;
    line.idemAt = this.uuidIdems.reserve();
    line.idem = this.uuidIdems.bytes;
    line.parentAt = 0;
    line.parentBytes = this.parentScratch;
  }

  /** Takes a line `line` matched in `bytes` (aimed by `aim`); false when only the entry-by-entry replay can apply it. */
  transformation(bytes: Uint8Array, line: TransformationLine): boolean {
    const object = line.objectPacked ? this.uuidObject(line.object, 0, bytes, line.objectStart, line.objectEnd) : this.otherObject(asciiText(bytes, line.objectStart, line.objectEnd));
    const hash = this.revisionHash(line.revision, line.revisionAt, object);
    let row = this.findRevision(hash, object, line.revision, line.revisionAt);
    if (row < 0) row = this.addRevision(hash, object, line.parents);
    if (line.idemPacked) this.uuidIdems.count++;
    else this.otherIdems.push(asciiText(bytes, line.idemStart, line.idemEnd));
    this.entryCount++;
    return line.inputs === 0 || this.sources(asciiText(bytes, line.idStart, line.idEnd), object, row, line, bytes);
  }

  /** The row just written at the next place of `revisions` and `hashes` (`aim`), kept, with its parents. */
  private addRevision(hash: number, object: number, parents: number): number {
    const row = this.revisions.count;
    this.revisions.count++;
    this.hashes.count++;
    this.rowObject = grow(this.rowObject, row + 2);
    this.rowParentFrom = grow(this.rowParentFrom, row + 2);
    this.rowObject[row] = object;
    const from = this.parentCount;
    this.rowParentFrom[row] = from;
    this.rowParentFrom[row + 1] = from + parents;
    this.parentCount += parents;
    this.parentRow = grow(this.parentRow, from + parents);
    this.lastRow = grow(this.lastRow, object + 1, -1);
    const last = this.lastRow[object] as number;
    for (let k = 0; k < parents; k++) {
      // a history is nearly always a chain: the parent is the object's revision just before
      if (last >= 0 && this.revisions.equal(last, this.parentScratch, k * REVISION.width)) this.parentRow[from + k] = last;
      else {
        this.parentRow[from + k] = -1 - this.parents.count;
        copyRow(this.parentScratch, k * REVISION.width, this.parents);
      }
    }
    this.lastRow[object] = row;
    this.revisionTable.add(hash, row);
    return row;
  }

  /** A parsed entry: false when only the entry-by-entry replay can apply it. */
  entry(entry: KnownEntry | Entry): boolean {
    const known = entry as KnownEntry;
    if (known.kind === 'transformation') return false;
    if (known.kind === 'object-registered') this.registration(known);
    else this.rest.push(entry);
    return true;
  }

  registration(known: EntryOf<'object-registered'>): void {
    const object = this.objectOf(known.body.object);
    const before = this.pathEntries[object] ?? null;
    if (before === null || entryOrder(before, known) < 0) {
      this.paths[object] = known.body.path;
      this.pathEntries[object] = known;
    }
    if (UUID.pack(known.idem, this.objectKey, 0)) copyRow(this.objectKey, 0, this.uuidIdems);
    else this.otherIdems.push(known.idem);
    this.entryCount++;
  }

  /**
   * The index, or null when an idem repeats (the entry-by-entry replay settles which copy counts).
   * Each pass over the rows is a method of its own. A loop is optimised while it runs, before the
   * code after it has type feedback: as one method, the next replays in a process threw its code
   * away nine times (V8 --trace-deopt), each time compiling all of it again; split, seven small ones.
   */
  index(): CoherenceIndex | null {
    const idems = this.uniqueIdems();
    if (idems === null) return null;
    const rows = this.revisions.count;
    const { first, order, place } = this.grouped();
    const { parentCounts, parentRefs, parentNames } = this.parentColumns(first, order, place);
    const { producerCounts, producerRefs } = this.producerColumns(place);
    const columns: IndexColumns = {
      entryCount: this.entryCount,
      objects: this.objectIds.map((id, o) => [id, this.paths[o] ?? '', this.pathEntries[o] ?? null, (first[o + 1] as number) - (first[o] as number)]),
      revisions: rows,
      revIds: new PackedColumn(REVISION.shape, this.revisions.permuted(order)),
      revHashes: new PackedColumn(HASH.shape, this.hashes.permuted(order)),
      parentCounts,
      parentRefs,
      parentNames,
      parentNameCount: parentNames.length,
      producerCounts,
      producerRefs,
      transformations: this.txfIds.length,
      txfIds: this.txfIds,
      txfObjects: this.txfObjects,
      inputs: this.inputs,
      dependents: [...this.dependents].map(([upstream, set]) => [upstream, [...set]]),
      resolutions: [],
      checks: [],
      claims: [],
      delegations: [],
      diagnostics: [],
      lastNavigation: null,
      seenCount: idems.count + idems.others.length,
      seen: idems.others,
      seenPacked: idems.count > 0 ? [new PackedColumn(UUID.shape, idems.sorted)] : [],
    };
    const index = decodeIndex(columns);
    for (const entry of this.rest) if (!index.apply(entry)) return null;
    return index;
  }

  /** The idems sorted (UUIDs packed, the others as text), or null when one repeats. */
  private uniqueIdems(): { count: number; sorted: Uint8Array; others: string[] } | null {
    const order = sortRows(this.uuidIdems);
    const sorted = this.uuidIdems.permuted(order);
    for (let row = 1; row < order.length; row++) {
      let same = true;
      for (let i = 0; i < UUID.width && same; i++) same = sorted[(row - 1) * UUID.width + i] === sorted[row * UUID.width + i];
      if (same) return null;
    }
    const others = [...this.otherIdems].sort();
    for (let i = 1; i < others.length; i++) if (others[i - 1] === others[i]) return null;
    return { count: order.length, sorted, others };
  }

  /**
   * An object's revisions together, in the order they first appeared: `first[o]` is where object
   * `o`'s begin, `order` the row at each place, `place` each row's place.
   */
  private grouped(): { first: Int32Array; order: Int32Array; place: Int32Array } {
    const objectCount = this.objectIds.length;
    const rows = this.revisions.count;
    const first = new Int32Array(objectCount + 1);
    for (let row = 0; row < rows; row++) {
      const o = (this.rowObject[row] as number) + 1;
      first[o] = (first[o] as number) + 1;
    }
    for (let o = 0; o < objectCount; o++) first[o + 1] = (first[o + 1] as number) + (first[o] as number);
    const order = new Int32Array(rows);
    const place = new Int32Array(rows);
    const filled = first.slice(0, objectCount);
    for (let row = 0; row < rows; row++) {
      const object = this.rowObject[row] as number;
      const at = filled[object] as number;
      filled[object] = at + 1;
      order[at] = row;
      place[row] = at;
    }
    return { first, order, place };
  }

  /** Each place's parents: as places within its object, or names of revisions the ledger does not hold. */
  private parentColumns(first: Int32Array, order: Int32Array, place: Int32Array): { parentCounts: Int32Array; parentRefs: Int32Array; parentNames: string[] } {
    const rows = order.length;
    const parentCounts = new Int32Array(rows);
    const parentRefs = new Int32Array(this.parentCount);
    const parentNames: string[] = [];
    const parentBytes = this.parents.bytes;
    let refAt = 0;
    for (let at = 0; at < rows; at++) {
      const row = order[at] as number;
      const object = this.rowObject[row] as number;
      const from = this.rowParentFrom[row] as number;
      const to = this.rowParentFrom[row + 1] as number;
      parentCounts[at] = to - from;
      for (let k = from; k < to; k++) {
        let parent = this.parentRow[k] as number;
        if (parent < 0) {
          const bytesAt = (-1 - parent) * REVISION.width;
          parent = this.findRevision(this.revisionHash(parentBytes, bytesAt, object), object, parentBytes, bytesAt);
          if (parent < 0) {
            parentRefs[refAt++] = -1 - (parentNames.push(new PackedColumn(REVISION.shape, parentBytes.subarray(bytesAt, bytesAt + REVISION.width)).at(0)) - 1);
            continue;
          }
        }
        parentRefs[refAt++] = (place[parent] as number) - (first[object] as number);
      }
    }
    return { parentCounts, parentRefs, parentNames };
  }

  /** Producers are few (transformations with inputs): counted per place, listed in the places' order. */
  private producerColumns(place: Int32Array): { producerCounts: Int32Array; producerRefs: number[] } {
    const producerCounts = new Int32Array(place.length);
    const producerRows = [...this.producers.keys()].sort((a, b) => (place[a] as number) - (place[b] as number));
    const producerRefs: number[] = [];
    for (const row of producerRows) {
      const made = this.producers.get(row) as number[];
      producerCounts[place[row] as number] = made.length;
      producerRefs.push(...made);
    }
    return { producerCounts, producerRefs };
  }

  /** A transformation with inputs: the edges' sources, kept as `CoherenceIndex.applyTransformation` keeps them. */
  private sources(id: string, object: number, row: number, line: TransformationLine, bytes: Uint8Array): boolean {
    if (this.txfAt.has(id)) return false;
    const at = this.txfIds.length;
    this.txfAt.set(id, at);
    this.txfIds.push(id);
    this.txfObjects.push(object);
    const downstream = this.objectIds[object] as string;
    for (let k = 0; k < line.inputs; k++) {
      const upstream = asciiText(bytes, line.inputAt[4 * k] as number, line.inputAt[4 * k + 1] as number);
      const revision = asciiText(bytes, line.inputAt[4 * k + 2] as number, line.inputAt[4 * k + 3] as number);
      this.inputs.push([at, upstream, revision, ROLES[line.inputRole[k] as number] as TransformationRef['inputs'][number]['role']]);
      const set = this.dependents.get(upstream);
      if (set) set.add(downstream);
      else this.dependents.set(upstream, new Set([downstream]));
    }
    const made = this.producers.get(row);
    if (made) made.push(at);
    else this.producers.set(row, [at]);
    return true;
  }

  private readonly objectKey = new Uint8Array(UUID.width);

  /** The row of `object`'s revision packed at `bytes[at]`, or -1. */
  private findRevision(hash: number, object: number, bytes: Uint8Array, at: number): number {
    const table = this.revisionTable;
    for (let slot = table.slot(hash); ; slot = table.next(slot)) {
      const row = table.row(slot);
      if (row < 0 || (this.rowObject[row] === object && this.revisions.equal(row, bytes, at))) return row;
    }
  }

  private revisionHash(bytes: Uint8Array, at: number, object: number): number {
    return (hashAt(bytes, at + 1) ^ Math.imul(object, 0x9e3779b1)) & 0x3fffffff;
  }

  private objectOf(id: string): number {
    const key = this.objectKey;
    return UUID.pack(id, key, 0) ? this.uuidObject(key, 0, null, 0, 0, id) : this.otherObject(id);
  }

  /**
   * The object whose id is the UUID packed at `key[at]` (its text in `bytes[start, end)`, or `id`),
   * added when new. Lines of one object tend to come together: the last one found is tried first.
   */
  private uuidObject(key: Uint8Array, at: number, bytes: Uint8Array | null, start: number, end: number, id = ''): number {
    const objects = this.uuidObjects;
    if (this.lastObject >= 0 && objects.equal(this.lastObject, key, at)) return this.uuidObjectRow[this.lastObject] as number;
    const hash = hashAt(key, at + 12);
    const table = this.uuidObjectTable;
    let slot = table.slot(hash);
    while (table.row(slot) >= 0 && !objects.equal(table.row(slot), key, at)) slot = table.next(slot);
    let found = table.row(slot);
    if (found < 0) {
      found = objects.count;
      this.uuidObjectTable.add(hash, found);
      copyRow(key, at, objects);
      this.uuidObjectRow.push(this.addObject(bytes ? asciiText(bytes, start, end) : id));
    }
    this.lastObject = found;
    return this.uuidObjectRow[found] as number;
  }

  private otherObject(id: string): number {
    const known = this.otherObjects.get(id);
    if (known !== undefined) return known;
    const object = this.addObject(id);
    this.otherObjects.set(id, object);
    return object;
  }

  private addObject(id: string): number {
    this.objectIds.push(id);
    return this.objectIds.length - 1;
  }
}

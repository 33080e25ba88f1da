import { packByShape, PackedColumn, shapeOf } from './packedColumn';

/**
 * The idems the index has applied. Those loaded from the index snapshot stay in the form it stores
 * them in: sorted, most of them packed by shape (UUIDs, `observed:<hex>`, `packedColumn.ts`) and
 * looked up by binary search over the bytes, the rest a sorted array; so opening builds no
 * 200,000-entry hash set. New idems go into a Set.
 */
export class IdemSet {
  private readonly live = new Set<string>();
  private packed: readonly PackedColumn[] = [];
  /** The loaded idems of no packed shape, sorted. */
  private list: readonly string[] = [];
  private loaded = 0;

  /** Loads sorted, distinct idems (the snapshot's), each packed column of its own shape; throws when they are not. */
  load(packed: readonly PackedColumn[], list: readonly string[]): void {
    const shapes = new Set(packed.map((column) => column.shape));
    if (shapes.size !== packed.length) throw new Error('the snapshot idems repeat a shape');
    for (const column of packed) if (!column.ascending()) throw new Error('the snapshot idems are not sorted');
    for (let i = 1; i < list.length; i++) if (!((list[i - 1] as string) < (list[i] as string))) throw new Error('the snapshot idems are not sorted');
    // an idem of a packed shape is only looked for in its column
    for (const idem of list) if (shapes.has(shapeOf(idem) as string)) throw new Error('the snapshot idems repeat a shape');
    this.packed = packed;
    this.list = list;
    this.loaded = packed.reduce((sum, column) => sum + column.length, list.length);
  }

  has(idem: string): boolean {
    return this.live.has(idem) || (this.loaded > 0 && this.hasLoaded(idem));
  }

  /** Adds an idem; false when the set held it already. */
  add(idem: string): boolean {
    if (this.loaded > 0 && this.hasLoaded(idem)) return false;
    const size = this.live.size;
    // one hash lookup, not two: a rebuild adds 200,000 idems
    return this.live.add(idem).size > size;
  }

  get size(): number {
    return this.loaded + this.live.size;
  }

  /** Every idem, sorted (what the snapshot stores). */
  sorted(): string[] {
    return [...this].sort();
  }

  /**
   * Every idem, sorted and packed by shape as the snapshot stores them (`packByShape`): new idems of a
   * loaded column's shape are merged into a copy of its bytes, so a rewrite makes no string of the loaded ones.
   */
  packedByShape(least?: number): { packed: PackedColumn[]; rest: string[] } {
    const joining = new Map<PackedColumn, string[]>(this.packed.map((column) => [column, []]));
    const others: string[] = [...this.list];
    for (const idem of this.live) {
      if (this.packed.length === 0) {
        others.push(idem);
        continue;
      }
      const shape = shapeOf(idem);
      const column = this.packed.find((packed) => packed.shape === shape);
      if (column) joining.get(column)?.push(idem);
      else others.push(idem);
    }
    const { packed, rest } = packByShape(others.sort(), least);
    const merged = this.packed.map((column) => mergeInto(column, (joining.get(column) ?? []).sort()));
    return { packed: [...merged, ...packed], rest };
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (const column of this.packed) for (let row = 0; row < column.length; row++) yield column.at(row);
    yield* this.list;
    yield* this.live;
  }

  private hasLoaded(idem: string): boolean {
    for (const column of this.packed) if (column.find(idem) >= 0) return true;
    let lo = 0;
    let hi = this.list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.list[mid] as string;
      if (at === idem) return true;
      if (at < idem) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/** The column with sorted values of its shape (none of them in it) merged in, as a new column. */
function mergeInto(column: PackedColumn, values: readonly string[]): PackedColumn {
  if (values.length === 0) return column;
  const { width } = column;
  const keys = new Uint8Array(width * values.length);
  values.forEach((value, i) => column.pack(value, keys, i * width));
  const bytes = new Uint8Array(column.bytes.length + keys.length);
  let row = 0;
  let key = 0;
  for (let at = 0; at < bytes.length; at += width) {
    if (key < values.length && (row >= column.length || column.compare(row, keys, key * width) > 0)) bytes.set(keys.subarray(key * width, ++key * width), at);
    else bytes.set(column.bytes.subarray(row * width, ++row * width), at);
  }
  return new PackedColumn(column.shape, bytes);
}

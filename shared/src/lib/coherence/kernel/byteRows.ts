/**
 * Rows of bytes for the columns replay (`replayColumns.ts`): packed values kept as written, an
 * open-addressing table of row numbers, and a sort of rows by their bytes.
 */

/**
 * A byte array of rows `width` bytes each, made for `capacity` rows (grown past it): untouched
 * memory costs nothing, while each megabyte first written costs (the kernel zeroes its pages).
 */
export class Rows {
  bytes: Uint8Array;
  count = 0;

  constructor(
    readonly width: number,
    capacity: number,
  ) {
    this.bytes = new Uint8Array(width * Math.max(capacity, 64));
  }

  /** Where the next row goes, with room made for `rows` rows (`count` is advanced by the caller once they are written). */
  reserve(rows = 1): number {
    const at = this.count * this.width;
    if (at + rows * this.width > this.bytes.length) this.grow(at + rows * this.width);
    return at;
  }

  private grow(needed: number): void {
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes);
    this.bytes = grown;
  }

  equal(row: number, other: Uint8Array, at: number): boolean {
    const from = row * this.width;
    for (let i = 0; i < this.width; i++) if (this.bytes[from + i] !== other[at + i]) return false;
    return true;
  }

  /** Puts the rows in `order` (the row for each place), in place, and returns them: no second copy of them is made. */
  permuted(order: Int32Array): Uint8Array {
    const { bytes, width } = this;
    const done = new Uint8Array(order.length);
    const held = new Uint8Array(width);
    for (let start = 0; start < order.length; start++) {
      if (done[start] || order[start] === start) continue;
      // follow the cycle through `start`: each place takes its row, the first row is held meanwhile
      held.set(bytes.subarray(start * width, (start + 1) * width));
      let place = start;
      for (;;) {
        done[place] = 1;
        const from = order[place] as number;
        if (from === start) {
          bytes.set(held, place * width);
          break;
        }
        bytes.copyWithin(place * width, from * width, (from + 1) * width);
        place = from;
      }
    }
    return bytes.subarray(0, order.length * width);
  }
}

export const grow = (array: Int32Array<ArrayBuffer>, needed: number, fill = 0): Int32Array<ArrayBuffer> => {
  if (needed <= array.length) return array;
  const grown = new Int32Array(Math.max(needed, array.length * 2));
  if (fill !== 0) grown.fill(fill, array.length);
  grown.set(array);
  return grown;
};

/** Appends `width` bytes of `from` (at `at`) as the next row of `rows`. */
export function copyRow(from: Uint8Array, at: number, rows: Rows): void {
  const to = rows.reserve();
  const { bytes, width } = rows;
  for (let i = 0; i < width; i++) bytes[to + i] = from[at + i] as number;
  rows.count++;
}

/** An open-addressing table of row numbers, keyed by the caller (`hash`, `same`); grows at half full. */
export class RowTable {
  /** A row + 1 per slot, 0 for none (a fresh table is all zeroes: nothing to fill). */
  private slots: Int32Array;
  private size = 0;

  /** `rows`: about how many rows it will hold (it is made for that many). */
  constructor(
    private readonly rehash: (row: number) => number,
    rows = 2048,
  ) {
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(Math.max(rows, 2048) * 2)));
  }

  /**
   * The slots to look in for `hash`, in order: `slot(hash)`, then `next(slot)` until `row(slot)` is the row sought or
   * -1 (none). The caller compares inline (with the comparison passed as a function, a worker's replay spent
   * ~60 ms in lookups; inline ~45).
   */
  slot(hash: number): number {
    return hash & (this.slots.length - 1);
  }

  next(slot: number): number {
    return (slot + 1) & (this.slots.length - 1);
  }

  /** The row in `slot`, or -1 for none. */
  row(slot: number): number {
    return (this.slots[slot] as number) - 1;
  }

  add(hash: number, row: number): void {
    if (++this.size * 2 > this.slots.length) {
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2);
      for (const kept of old) if (kept > 0) this.place(this.rehash(kept - 1), kept - 1);
    }
    this.place(hash, row);
  }

  private place(hash: number, row: number): void {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    while ((this.slots[i] as number) > 0) i = (i + 1) & mask;
    this.slots[i] = row + 1;
  }
}

/**
 * Four bytes of packed hex digits as a hash (they are digests: already spread), in 30 bits: a small
 * integer to V8, never boxed as a heap number where a call is not inlined (a cold worker's code).
 */
export const hashAt = (bytes: Uint8Array, at: number): number =>
  ((bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 24)) & 0x3fffffff;

/** Row `a` against row `b` of rows `width` bytes each in `view`: <0, 0, >0 as their bytes compare (four at a time, big-endian). */
function compareRows(view: DataView, width: number, a: number, b: number): number {
  const x = a * width;
  const y = b * width;
  let i = 0;
  for (; i + 4 <= width; i += 4) {
    const d = view.getUint32(x + i) - view.getUint32(y + i);
    if (d !== 0) return d;
  }
  for (; i < width; i++) {
    const d = view.getUint8(x + i) - view.getUint8(y + i);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The order of the rows sorted by their bytes: a merge sort of the ascending runs they come in
 * (idems are UUIDv7s, minted in time order: a segment is nearly one run).
 */
export function sortRows(rows: Rows): Int32Array {
  const { bytes, width, count } = rows;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let order = new Int32Array(count);
  let next = new Int32Array(count);
  let runs = [0];
  for (let row = 0; row < count; row++) {
    order[row] = row;
    if (row > 0 && compareRows(view, width, row - 1, row) > 0) runs.push(row);
  }
  runs.push(count);
  while (runs.length > 2) {
    const merged = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const from = runs[r] as number;
      const middle = runs[r + 1] as number;
      const to = r + 2 < runs.length ? (runs[r + 2] as number) : middle;
      let i = from;
      let j = middle;
      for (let k = from; k < to; k++) {
        if (j >= to || (i < middle && compareRows(view, width, order[i] as number, order[j] as number) <= 0)) next[k] = order[i++] as number;
        else next[k] = order[j++] as number;
      }
      merged.push(to);
    }
    [order, next] = [next, order];
    runs = merged;
  }
  return order;
}

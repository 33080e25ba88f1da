/**
 * Strings of one shape — the same characters everywhere but in the places of lowercase hex digits
 * (`rev1:<64 hex>`, `sha256:<64 hex>`, UUIDs, `observed:<64 hex>`) — stored as their hex digits
 * packed two to a byte: half the bytes of their text, kept as read (no string is made for a row
 * until it is asked for). Packing keeps the order: rows of one shape compare as their strings do.
 */

const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** The digit's value for '0'–'9' and 'a'–'f', else -1 (by char code). */
const DIGIT = new Int8Array(0x10000).fill(-1);
for (let d = 0; d < 16; d++) DIGIT[d.toString(16).charCodeAt(0)] = d;

const HOLE = '\0';

/** The value with each lowercase hex digit replaced by `\0`; null when the value itself holds `\0` (it could not be told apart). */
export function shapeOf(value: string): string | null {
  return value.includes(HOLE) ? null : value.replace(/[0-9a-f]/g, HOLE);
}

export class PackedColumn {
  /** Bytes per row. */
  readonly width: number;
  /** The shape as constant text and runs of hex digits, in order. */
  private readonly parts: (string | number)[] = [];
  /** Where the hex digits are, and the constant characters and theirs (a snapshot write packs ~600,000 values). */
  private readonly holes: Int32Array;
  private readonly fixedAt: Int32Array;
  private readonly fixedCode: Int32Array;

  /** Throws when the bytes are not a whole number of rows of this shape (the snapshot is then not trusted). */
  constructor(
    readonly shape: string,
    readonly bytes: Uint8Array,
  ) {
    let digits = 0;
    for (const run of shape.split(/(\0+)/)) {
      if (run === '') continue;
      if (run.startsWith(HOLE)) {
        this.parts.push(run.length);
        digits += run.length;
      } else this.parts.push(run);
    }
    this.width = Math.ceil(digits / 2);
    if (this.width === 0 || bytes.length % this.width !== 0) throw new Error('a packed snapshot column does not hold whole rows');
    const holes: number[] = [];
    const fixed: number[] = [];
    for (let i = 0; i < shape.length; i++) (shape.charCodeAt(i) === 0 ? holes : fixed).push(i);
    this.holes = Int32Array.from(holes);
    this.fixedAt = Int32Array.from(fixed);
    this.fixedCode = Int32Array.from(fixed, (i) => shape.charCodeAt(i));
  }

  /** Values all of one shape with at least one hex digit, packed in their order; null when they are not. */
  static of(values: readonly string[]): PackedColumn | null {
    const shape = values.length > 0 ? shapeOf(values[0] as string) : null;
    if (shape === null || !shape.includes(HOLE)) return null;
    const column = new PackedColumn(shape, new Uint8Array(new PackedColumn(shape, new Uint8Array(0)).width * values.length));
    const bytes = column.bytes;
    for (let row = 0; row < values.length; row++) if (!column.pack(values[row] as string, bytes, row * column.width)) return null;
    return column;
  }

  get length(): number {
    return this.bytes.length / this.width;
  }

  at(row: number): string {
    let hex = '';
    for (let i = row * this.width, end = i + this.width; i < end; i++) hex += HEX_PAIRS[this.bytes[i] as number];
    let text = '';
    let digit = 0;
    for (const part of this.parts) {
      if (typeof part === 'string') text += part;
      else {
        text += hex.slice(digit, digit + part);
        digit += part;
      }
    }
    return text;
  }

  rows(first: number, count: number): string[] {
    const rows: string[] = [];
    for (let row = first; row < first + count; row++) rows.push(this.at(row));
    return rows;
  }

  /** Writes the value's digits at `at` in `into`; false when it is not of this column's shape. */
  pack(value: string, into: Uint8Array, at: number): boolean {
    if (value.length !== this.shape.length) return false;
    const { fixedAt, fixedCode, holes } = this;
    for (let i = 0; i < fixedAt.length; i++) if (value.charCodeAt(fixedAt[i] as number) !== fixedCode[i]) return false;
    let byte = at;
    let k = 0;
    for (; k + 1 < holes.length; k += 2) {
      const high = DIGIT[value.charCodeAt(holes[k] as number)] as number;
      const low = DIGIT[value.charCodeAt(holes[k + 1] as number)] as number;
      if ((high | low) < 0) return false;
      into[byte++] = (high << 4) | low;
    }
    if (k < holes.length) {
      const high = DIGIT[value.charCodeAt(holes[k] as number)] as number;
      if (high < 0) return false;
      into[byte] = high << 4;
    }
    return true;
  }

  /** Row `row` against the packed `key` (`width` bytes from `from`): <0, 0, >0 as their strings compare. */
  compare(row: number, key: Uint8Array, from = 0): number {
    const at = row * this.width;
    for (let i = 0; i < this.width; i++) {
      const d = (this.bytes[at + i] as number) - (key[from + i] as number);
      if (d !== 0) return d;
    }
    return 0;
  }

  /** Whether the rows are in strictly ascending order (sorted and distinct). */
  ascending(): boolean {
    for (let row = 1; row < this.length; row++) if (this.compare(row - 1, this.bytes, row * this.width) >= 0) return false;
    return true;
  }

  /** The row holding `value`, if it has this shape and is here (rows sorted); -1 otherwise. */
  find(value: string): number {
    const key = new Uint8Array(this.width);
    if (!this.pack(value, key, 0)) return -1;
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.compare(mid, key);
      if (order === 0) return mid;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/**
 * `shapeOf` for a run of values, answered without building a string when a value has the shape the
 * one before it had (it packs as that shape: the same constant characters, hex digits in the holes),
 * as sorted idems and revision ids nearly always do.
 */
function shapeReader(): (value: string) => string | null {
  let last: { column: PackedColumn; scratch: Uint8Array } | null = null;
  return (value) => {
    if (last && last.column.pack(value, last.scratch, 0)) return last.column.shape;
    const shape = shapeOf(value);
    const column = shape !== null && shape.includes(HOLE) ? new PackedColumn(shape, new Uint8Array(0)) : null;
    last = column && { column, scratch: new Uint8Array(column.width) };
    return shape;
  };
}

/**
 * Sorted values split by shape: each shape with at least `least` values packed (in their order, so
 * still sorted), the rest as they are.
 */
export function packByShape(sorted: readonly string[], least = 8): { packed: PackedColumn[]; rest: string[] } {
  const byShape = new Map<string, string[]>();
  const rest: string[] = [];
  const shapeOfNext = shapeReader();
  for (const value of sorted) {
    const shape = shapeOfNext(value);
    if (shape === null || !shape.includes(HOLE)) rest.push(value);
    else {
      const group = byShape.get(shape);
      if (group) group.push(value);
      else byShape.set(shape, [value]);
    }
  }
  const packed: PackedColumn[] = [];
  for (const group of byShape.values()) {
    const column = group.length >= least ? PackedColumn.of(group) : null;
    if (column) packed.push(column);
    else rest.push(...group);
  }
  return { packed, rest: packed.length === 0 ? [...sorted] : rest.sort() };
}

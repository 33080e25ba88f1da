import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packByShape, PackedColumn, shapeOf } from './packedColumn';

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Strings of one random shape: constant characters and hex digits at fixed places. */
const oneShape = fc
  .array(fc.constantFrom('hex', ':', 'r', 'é', '-', 'A', '\n'), { minLength: 1, maxLength: 12 })
  .filter((places) => places.includes('hex'))
  .chain((places) =>
    fc.array(fc.tuple(...places.map((place) => (place === 'hex' ? fc.constantFrom(...'0123456789abcdef') : fc.constant(place)))).map((chars) => chars.join('')), {
      minLength: 1,
      maxLength: 30,
    }),
  );

describe('PackedColumn (revision ids, hashes and idems in the index snapshot, two hex digits a byte)', () => {
  it('gives back every value, compares rows as their strings compare, and finds each (issue 14: the snapshot half its text size)', () => {
    fc.assert(
      fc.property(oneShape, fc.array(fc.string({ maxLength: 14 }), { maxLength: 10 }), (values, probes) => {
        const column = PackedColumn.of(values) as PackedColumn;
        expect(column).not.toBeNull();
        expect(column.length).toBe(values.length);
        expect(column.rows(0, values.length)).toEqual(values);
        const sorted = [...new Set(values)].sort();
        const packedSorted = PackedColumn.of(sorted) as PackedColumn;
        expect(packedSorted.ascending()).toBe(true);
        for (let i = 1; i < values.length; i++) {
          const key = new Uint8Array(column.width);
          column.pack(values[i - 1] as string, key, 0);
          expect(Math.sign(column.compare(i, key))).toBe(order(values[i] as string, values[i - 1] as string));
        }
        for (const probe of [...values, ...probes]) expect(packedSorted.find(probe) >= 0).toBe(sorted.includes(probe));
      }),
    );
  });

  it('packs only values of one shape with a digit in it', () => {
    expect(PackedColumn.of(['ab', 'cd'])?.bytes).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(PackedColumn.of(['rev1:0', 'rev1:f'])?.shape).toBe('r\0v\0:\0');
    expect(PackedColumn.of(['ab', 'abc'])).toBeNull();
    expect(PackedColumn.of(['ab', 'aB'])).toBeNull();
    expect(PackedColumn.of(['xyz', 'xyz'])).toBeNull();
    expect(PackedColumn.of(['a\0'])).toBeNull();
    expect(PackedColumn.of([])).toBeNull();
    expect(() => new PackedColumn('x\0\0\0', new Uint8Array(3))).toThrow(/whole rows/);
  });

  it('splits sorted values by shape: every value once, each part sorted', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', '1', 'x', '-', '\0'), maxLength: 5 }), { maxLength: 60 }), (values) => {
        const sorted = [...new Set(values)].sort();
        const { packed, rest } = packByShape(sorted, 3);
        const all = [...packed.flatMap((column) => column.rows(0, column.length)), ...rest];
        expect(all.sort()).toEqual(sorted);
        expect(rest).toEqual([...rest].sort());
        for (const column of packed) expect(column.ascending()).toBe(true);
        expect(new Set(packed.map((column) => column.shape)).size).toBe(packed.length);
        for (const value of rest) expect(packed.some((column) => column.shape === shapeOf(value))).toBe(false);
      }),
    );
  });

  it('a value packs as a shape exactly when it has that shape (packByShape reads a run of values\' shapes so)', () => {
    const text = fc.array(fc.constantFrom('0', '7', 'a', 'f', 'g', 'A', ':', '-', '\0', 'é'), { maxLength: 8 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, text, (model, value) => {
        const shape = shapeOf(model);
        fc.pre(shape !== null && shape.includes('\0'));
        const column = new PackedColumn(shape as string, new Uint8Array(0));
        expect(column.pack(value, new Uint8Array(column.width), 0)).toBe(shapeOf(value) === shape);
      }),
      { numRuns: 2000 },
    );
  });
});

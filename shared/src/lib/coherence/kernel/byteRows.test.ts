import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyRow, RowTable, Rows, sortRows } from './byteRows';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('byte rows of the columns replay (issue 14)', () => {
  it('sorts rows by their bytes and puts them in that order in place, whatever runs they come in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 17 }), fc.array(fc.uint8Array({ minLength: 17, maxLength: 17 }), { maxLength: 300 }), fc.boolean(), fc.boolean(), (width, values, presorted, narrow) => {
        const rows = new Rows(width, 8);
        // narrow: bytes of 0–2 only, so rows share long prefixes (as time-ordered UUIDs do)
        const list = values.map((v) => (narrow ? v.map((b) => b % 3) : v).subarray(0, width));
        if (presorted) list.sort((a, b) => (hex(a) < hex(b) ? -1 : hex(a) > hex(b) ? 1 : 0));
        for (const value of list) copyRow(value, 0, rows);
        const expected = list.map(hex).sort();
        const order = sortRows(rows);
        expect([...order].map((row) => hex(list[row] as Uint8Array))).toEqual(expected);
        const sorted = rows.permuted(order);
        expect(Array.from({ length: list.length }, (_, i) => hex(sorted.subarray(i * width, (i + 1) * width)))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('finds every row added to the table, and none that was not, across its growth', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => (i * 2654435761) >>> 0);
    const table = new RowTable((row) => keys[row] as number, 16);
    keys.forEach((key, row) => {
      if (row % 2 === 0) table.add(key, row);
    });
    const find = (key: number, row: number): number => {
      let slot = table.slot(key);
      while (table.row(slot) >= 0 && table.row(slot) !== row) slot = table.next(slot);
      return table.row(slot);
    };
    keys.forEach((key, row) => expect(find(key, row)).toBe(row % 2 === 0 ? row : -1));
  });
});

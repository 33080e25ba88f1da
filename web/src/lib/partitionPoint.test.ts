import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { partitionPoint } from './partitionPoint';

describe('partitionPoint', () => {
  test('finds where a sorted array stops being below a value, with as few probes as a binary search', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (values, y) => {
        const sorted = [...values].sort((a, b) => a - b);
        let probes = 0;
        const at = partitionPoint(sorted.length, (i) => (probes++, sorted[i]! < y));
        expect(at).toBe(sorted.filter((v) => v < y).length);
        expect(probes).toBeLessThanOrEqual(Math.ceil(Math.log2(sorted.length + 1)));
      }),
    );
  });
});

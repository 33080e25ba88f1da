import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdemSet } from './idemSet';

const loaded = (idems: string[]) => {
  const sorted = [...new Set(idems)].sort();
  const set = new IdemSet();
  set.load(sorted.join('\n'), sorted.length);
  return { set, sorted };
};

describe('IdemSet (the index snapshot keeps its idems as one sorted string)', () => {
  it('answers has() like a Set, for idems of one length (searched in the string) and of mixed lengths (a sorted array)', () => {
    for (const width of [fc.constant(8), fc.integer({ min: 1, max: 12 })]) {
      fc.assert(
        fc.property(
          width.chain((w) => fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', 'é'), minLength: w, maxLength: w }), { maxLength: 40 })),
          fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', 'é'), minLength: 1, maxLength: 12 }), { maxLength: 20 }),
          (idems, probes) => {
            const { set, sorted } = loaded(idems.filter((i) => i !== ''));
            const reference = new Set(sorted);
            for (const probe of [...sorted, ...probes]) expect(set.has(probe)).toBe(reference.has(probe));
            expect(set.size).toBe(reference.size);
            expect(set.sorted()).toEqual(sorted);
          },
        ),
      );
    }
  });

  it('keeps new idems beside the loaded ones', () => {
    const { set } = loaded(['0198c0de-0000-7000-8000-00000000000a', '0198c0de-0000-7000-8000-00000000000c']);
    expect(set.has('0198c0de-0000-7000-8000-00000000000b')).toBe(false);
    set.add('0198c0de-0000-7000-8000-00000000000b');
    expect(set.has('0198c0de-0000-7000-8000-00000000000b')).toBe(true);
    expect(set.size).toBe(3);
    expect(set.sorted()).toEqual(['0198c0de-0000-7000-8000-00000000000a', '0198c0de-0000-7000-8000-00000000000b', '0198c0de-0000-7000-8000-00000000000c']);
  });

  it('refuses idems that are not sorted or do not add up (the snapshot is then not used)', () => {
    expect(() => new IdemSet().load('bb\naa', 2)).toThrow(/not sorted/);
    expect(() => new IdemSet().load('aa\naa', 2)).toThrow(/not sorted/);
    expect(() => new IdemSet().load('a\nbb\nc', 2)).toThrow(/add up/);
    expect(() => new IdemSet().load('aa\nbb', 3)).toThrow();
  });
});

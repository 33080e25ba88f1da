import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdemSet } from './idemSet';
import { packByShape, PackedColumn } from './packedColumn';

const loaded = (idems: string[]) => {
  const sorted = [...new Set(idems)].sort();
  const set = new IdemSet();
  const { packed, rest } = packByShape(sorted, 2);
  set.load(packed, rest);
  return { set, sorted };
};

describe('IdemSet (the index snapshot keeps its idems sorted, packed by shape)', () => {
  it('answers has() like a Set, for idems of one length and of mixed lengths (packed where several share a shape, the rest a sorted array)', () => {
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

  it('packs its idems for the next snapshot without making strings of the loaded ones: the same idems, each part sorted, loadable again (issue 14)', () => {
    const idem = fc.string({ unit: fc.constantFrom('a', 'b', '1', '-', 'x'), minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(idem, { maxLength: 40 }), fc.array(idem, { maxLength: 20 }), (before, after) => {
        const { set, sorted } = loaded(before);
        const all = new Set(sorted);
        for (const added of after) {
          if (set.has(added)) continue;
          set.add(added);
          all.add(added);
        }
        const { packed, rest } = set.packedByShape(2);
        const again = new IdemSet();
        again.load(packed, rest);
        expect(again.sorted()).toEqual([...all].sort());
        for (const probe of [...all, ...after]) expect(again.has(probe)).toBe(all.has(probe));
      }),
    );
  });

  it('keeps new idems beside the loaded ones', () => {
    const { set } = loaded(['0198c0de-0000-7000-8000-00000000000a', '0198c0de-0000-7000-8000-00000000000c']);
    expect(set.has('0198c0de-0000-7000-8000-00000000000b')).toBe(false);
    set.add('0198c0de-0000-7000-8000-00000000000b');
    expect(set.has('0198c0de-0000-7000-8000-00000000000b')).toBe(true);
    expect(set.size).toBe(3);
    expect(set.sorted()).toEqual(['0198c0de-0000-7000-8000-00000000000a', '0198c0de-0000-7000-8000-00000000000b', '0198c0de-0000-7000-8000-00000000000c']);
  });

  it('refuses idems that are not sorted or whose shapes repeat (the snapshot is then not used)', () => {
    expect(() => new IdemSet().load([], ['bb', 'aa'])).toThrow(/not sorted/);
    expect(() => new IdemSet().load([], ['aa', 'aa'])).toThrow(/not sorted/);
    expect(() => new IdemSet().load([PackedColumn.of(['bb', 'aa']) as PackedColumn], [])).toThrow(/not sorted/);
    expect(() => new IdemSet().load([PackedColumn.of(['aa', 'aa']) as PackedColumn], [])).toThrow(/not sorted/);
    // an idem of a packed shape outside its column would never be looked for there
    expect(() => new IdemSet().load([PackedColumn.of(['aa', 'bb']) as PackedColumn], ['cc'])).toThrow(/shape/);
    expect(() => new IdemSet().load([PackedColumn.of(['aa']) as PackedColumn, PackedColumn.of(['bb']) as PackedColumn], [])).toThrow(/shape/);
  });
});

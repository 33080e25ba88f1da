import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatCache, StatCacheDraft, type SeenFile } from './statCache';

const PATHS = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];

/** A cache entry; every third one is a kept copy. */
const seen = (n: number): SeenFile => ({ id: n % 3 === 0 ? '' : `o${n % 4}`, size: n, mtimeMs: n, hash: `h${n}`, rev: null, ...(n % 3 === 0 ? { copyOf: `o${n % 4}` } : {}) });

/** One call: 0 sets a path, 1 deletes it, 2 reads it (3 clears a whole cache, where that exists). */
const op = fc.record({ kind: fc.nat(3), path: fc.nat(PATHS.length - 1), n: fc.nat(20) });

const recountCopies = (files: ReadonlyMap<string, SeenFile>): boolean => [...files.values()].some((f) => f.copyOf);

describe('the stat cache', () => {
  it('COH-EDGES-01: knows whether it holds a copy after any sequence of sets, deletes and clears, as looking through every file does', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.array(fc.tuple(fc.nat(PATHS.length - 1), fc.nat(20)), { maxLength: 5 }), (ops, initial) => {
        const entries = initial.map(([p, n]) => [PATHS[p] as string, seen(n)] as const);
        const cache = new StatCache(entries);
        const map = new Map(entries);
        expect(cache.hasCopies()).toBe(recountCopies(map));
        for (const o of ops) {
          const path = PATHS[o.path] as string;
          if (o.kind === 0) {
            cache.set(path, seen(o.n));
            map.set(path, seen(o.n));
          } else if (o.kind === 1) expect(cache.delete(path)).toBe(map.delete(path));
          else if (o.kind === 3) {
            cache.clear();
            map.clear();
          }
          expect(cache.hasCopies()).toBe(recountCopies(map));
        }
        expect([...cache]).toEqual([...map]);
      }),
      { numRuns: 400 },
    );
  });

  it('COH-EDGES-01: a scan’s draft answers as a copy of the old cache with the same calls, leaves the old cache alone until committed, and commits to what the copy holds, in its order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(PATHS.length - 1), fc.nat(20)), { maxLength: 5 }), fc.array(op, { maxLength: 40 }), (initial, ops) => {
        const base = new StatCache(initial.map(([p, n]) => [PATHS[p] as string, seen(n)] as const));
        const before = [...base];
        const draft = new StatCacheDraft(base);
        const copy = new Map(base);
        for (const o of ops) {
          const path = PATHS[o.path] as string;
          if (o.kind === 0) {
            draft.set(path, seen(o.n));
            copy.set(path, seen(o.n));
          } else if (o.kind === 1) {
            draft.delete(path);
            copy.delete(path);
          }
          expect(draft.get(path)).toEqual(copy.get(path));
          expect([...draft]).toEqual([...copy]);
        }
        expect([...base]).toEqual(before);
        const committed = draft.commit();
        expect(committed).toBe(base);
        expect([...committed]).toEqual([...copy]);
        expect(committed.hasCopies()).toBe(recountCopies(copy));
      }),
      { numRuns: 400 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_FORMAT, entryOrder, type Entry } from '../ledger/entries';
import { CoherenceIndex, type TrackedObject } from './coherenceIndex';
import type { CoherenceKernel } from './kernel';
import { registeredPath } from './scanMoves';
import { reloadedIndex } from './snapshot';

const OBJECTS = ['o0', 'o1', 'o2', 'o3', 'o4'];
const PATHS = ['', 'a.md', 'b.md', 'c.md'];

/** One step: 0 registers an object at a path, 1 saves a revision of it, 2 marks it absent or present, 3 reloads the index from its snapshot. */
const step = fc.record({ kind: fc.nat(3), object: fc.nat(OBJECTS.length - 1), path: fc.nat(PATHS.length - 1), t: fc.nat(5), n: fc.nat(1000) });
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function entry(kind: string, body: unknown, t: number, n: number): Entry {
  // few distinct times: ties and entries applied out of order are common
  return { format: LEDGER_FORMAT, id: `id-${String(n).padStart(4, '0')}`, kind, time: `2026-12-02T10:00:0${t}.000Z`, writer: 'w', idem: `idem-${n}`, body };
}

function run(steps: readonly Step[]): CoherenceIndex {
  let index = new CoherenceIndex();
  steps.forEach((s, i) => {
    const object = OBJECTS[s.object] as string;
    if (s.kind === 0) index.apply(entry('object-registered', { object, path: PATHS[s.path] }, s.t, s.n * 100 + i));
    else if (s.kind === 1) {
      const output = { object, revision: `${object}:r${i}`, content_hash: `sha256:${i}`, parents: [] };
      index.apply(entry('transformation', { inputs: [], outputs: [output], agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' }, s.t, s.n * 100 + i));
    } else if (s.kind === 2) index.setAbsent(index.object(object), s.t % 2 === 0);
    else {
      const absent = [...index.objects.values()].filter((o) => o.absent).map((o) => o.id);
      index = reloadedIndex(index);
      for (const id of absent) index.setAbsent(index.object(id), true);
    }
  });
  return index;
}

// The full loops over every object the path index replaces (as they were before it).
const oldObjectAt = (index: CoherenceIndex, path: string): TrackedObject | undefined => {
  for (const object of index.objects.values()) if (object.path === path && !object.absent) return object;
  return undefined;
};
function oldRegisteredAt(index: CoherenceIndex, path: string): TrackedObject | undefined {
  let best: TrackedObject | undefined;
  for (const object of index.objects.values()) {
    if (object.path !== path || object.revisions.size === 0) continue;
    if (!object.absent) return object;
    if (!best || !best.pathEntry || (object.pathEntry && entryOrder(best.pathEntry, object.pathEntry) < 0)) best = object;
  }
  return best;
}
function oldRegisteredPaths(index: CoherenceIndex): Map<string, TrackedObject> {
  const byPath = new Map<string, TrackedObject>();
  for (const object of index.objects.values()) {
    if (object.revisions.size === 0 || object.path === '') continue;
    const other = byPath.get(object.path);
    if (!other || (other.absent && !object.absent) || (other.absent === object.absent && (other.pathEntry?.time ?? '') < (object.pathEntry?.time ?? ''))) byPath.set(object.path, object);
  }
  return byPath;
}

describe('the index by path', () => {
  it('COH-EDGES-01: after any sequence of registrations, saves, absences and snapshot reloads, lookups by path answer as the loops over every object did', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const index = run(steps);
        const kernel = { index } as CoherenceKernel;
        const registry = oldRegisteredPaths(index);
        for (const path of [...PATHS, 'never.md']) {
          expect(index.atPath(path).map((o) => o.id)).toEqual([...index.objects.values()].filter((o) => o.path === path).map((o) => o.id));
          expect(index.atPath(path).find((o) => !o.absent)?.id).toBe(oldObjectAt(index, path)?.id);
          const registered = oldRegisteredAt(index, path);
          const best = index.atPath(path).find((o) => o.revisions.size > 0 && !o.absent) ?? index.atPath(path).filter((o) => o.revisions.size > 0).reduce<TrackedObject | undefined>((b, o) => (!b || !b.pathEntry || (o.pathEntry && entryOrder(b.pathEntry, o.pathEntry) < 0) ? o : b), undefined);
          expect(best?.id).toBe(registered?.id);
          expect(registeredPath(kernel, path)?.id).toBe(registry.get(path)?.id);
        }
      }),
      { numRuns: 400 },
    );
  });
});

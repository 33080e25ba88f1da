import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_FORMAT, type Entry } from '../ledger/entries';
import { CoherenceIndex } from './coherenceIndex';
import { DEFAULT_CONTEXT_ID, type ResolvedContext } from './contexts';
import { claimsFingerprint, EdgeProjection, openRow, projectEdges, type EdgeRow, type ProjectedEdge } from './project';
import { reloadedIndex } from './snapshot';

const OBJECTS = ['o0', 'o1', 'o2', 'o3'];
const PATHS = ['a.md', 'b.md', 'c.md'];
const START = Date.parse('2026-12-02T10:00:00Z');
const CONTEXT: ResolvedContext = { id: DEFAULT_CONTEXT_ID, name: 'default', parent: null, enforcement: 'greenhouse', selections: new Map(), visibleClaims: [], errors: [] };

/**
 * One step: 0 registers an object at a path, 1 saves a revision (with an input from another object
 * when `other` differs), 2 marks an object absent or present, 3 ratifies or waives an edge (a waiver
 * that may expire), 4 records a check of an edge, 5 reloads the index from its snapshot, 6 lets time pass.
 */
const step = fc.record({ kind: fc.nat(6), object: fc.nat(OBJECTS.length - 1), other: fc.nat(OBJECTS.length - 1), pick: fc.nat(7), n: fc.nat(9) });
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const key = (e: { txf: string; input: number }): string => `${e.txf}#${e.input}`;
const byKey = <T extends { txf: string; input: number }>(list: readonly T[]): T[] => [...list].sort((a, b) => key(a).localeCompare(key(b)));
const openOf = (edges: readonly ProjectedEdge[]): EdgeRow[] => edges.map(openRow).filter((row): row is EdgeRow => row !== null);
const recountTracked = (index: CoherenceIndex): number => [...index.objects.values()].filter((o) => !o.absent && o.revisions.size > 0).length;

describe('the kept projection', () => {
  it('COH-EDGES-01: after any sequence of saves, moves, absences, resolutions, checks, snapshot reloads and time passing, the kept rows and counts are what projecting from scratch gives', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let index = new CoherenceIndex();
        let nowMs = START;
        let seq = 0;
        const revs = new Map<string, string[]>();
        const edges: { txf: string; upstream: string }[] = [];
        const projection = new EdgeProjection();
        const apply = (kind: string, body: unknown, t: number): void => {
          seq++;
          // few distinct times: ties and entries applied out of order are common
          const entry: Entry = { format: LEDGER_FORMAT, id: `id-${String(seq).padStart(4, '0')}`, kind, time: new Date(START + t * 1000).toISOString(), writer: 'w', idem: `idem-${seq}`, body };
          index.apply(entry);
        };
        const check = (s: Step): void => {
          const now = new Date(nowMs);
          const rows = projection.openRows(index, CONTEXT, now);
          const kept = projection.edges(index, CONTEXT, now);
          const scratch = projectEdges(index, CONTEXT, now);
          expect(byKey(kept)).toEqual(byKey(scratch));
          // the rows come in the order the whole projection lists the edges, as the answer made them before
          expect(rows).toEqual(openOf(kept));
          expect(byKey(rows)).toEqual(byKey(openOf(scratch)));
          expect(index.trackedCount, `after step ${JSON.stringify(s)}`).toBe(recountTracked(index));
        };
        for (const s of steps) {
          const object = OBJECTS[s.object] as string;
          const other = OBJECTS[s.other] as string;
          const own = revs.get(object) ?? [];
          if (s.kind === 0) apply('object-registered', { object, path: PATHS[s.pick % PATHS.length] }, s.n);
          else if (s.kind === 1) {
            const upstream = revs.get(other) ?? [];
            const inputs = other === object ? [] : [{ object: other, revision: upstream[s.pick % (upstream.length + 1)] ?? `${other}:unknown`, role: 'direct' }];
            const parent = own[own.length - 1 - (s.pick % 3)];
            const revision = `${object}:r${seq}`;
            own.push(revision);
            revs.set(object, own);
            if (inputs.length > 0) edges.push({ txf: `id-${String(seq + 1).padStart(4, '0')}`, upstream: other });
            apply('transformation', { inputs, outputs: [{ object, revision, content_hash: `sha256:${seq}`, parents: parent ? [parent] : [] }], agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' }, s.n);
          } else if (s.kind === 2) index.setAbsent(index.object(object), s.pick % 2 === 0);
          else if ((s.kind === 3 || s.kind === 4) && edges.length > 0) {
            const edge = edges[s.pick % edges.length] as { txf: string; upstream: string };
            const upstream = revs.get(edge.upstream) ?? [];
            const against = upstream[s.n % Math.max(1, upstream.length)] ?? 'none';
            const pinned = upstream[0] ?? 'none';
            if (s.kind === 3) {
              const waiver = s.pick % 2 === 0;
              const resolution = { edge: { txf: edge.txf, input: 0 }, upstream_object: edge.upstream, pinned, resolved_against: against, actor: { type: 'human' } };
              apply(waiver ? 'waiver' : 'ratification', waiver ? { ...resolution, reason: 'later', ...(s.n % 2 === 0 ? { expires: new Date(nowMs + 5_000).toISOString() } : {}) } : resolution, s.n);
            } else {
              const verdict = (['no-contradiction', 'contradiction', 'unknown'] as const)[s.pick % 3];
              apply('check-result', { edge: { txf: edge.txf, input: 0 }, pinned, checked_against: against, verdict, context: DEFAULT_CONTEXT_ID, claims_fingerprint: s.n % 3 === 0 ? 'outdated' : claimsFingerprint(index, CONTEXT), actor: { type: 'model' } }, s.n);
            }
          } else if (s.kind === 5) {
            const absent = [...index.objects.values()].filter((o) => o.absent).map((o) => o.id);
            index = reloadedIndex(index);
            for (const id of absent) index.setAbsent(index.object(id), true);
          } else if (s.kind === 6) nowMs += s.n * 1_000;
          check(s);
        }
      }),
      { numRuns: 300 },
    );
  });
});

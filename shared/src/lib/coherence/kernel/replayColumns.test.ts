import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../ids';
import { LEDGER_FORMAT } from '../ledger/entries';
import { LEDGER_DIR } from '../ledger/layout';
import { Ledger } from '../ledger/ledger';
import { MemoryStorage } from '../testing/memoryStorage';
import { producersOf, type CoherenceIndex } from './coherenceIndex';
import { replayColumns } from './replayColumns';
import { replayEntries } from './replayEntries';
import { encodeIndex } from './snapshotCodec';

const WRITER = '0198c0de-0000-7000-8000-0000000000ff';
const SEGMENTS = ['0198c0de-0000-7000-8000-00000000000a.jsonl', '0198c0de-0000-7000-8000-00000000000b.jsonl', '0198c0de-0000-7000-8000-00000000000c.jsonl'];
const OBJECTS = ['0198c0de-0000-7000-8000-0000000000a1', '0198c0de-0000-7000-8000-0000000000a2', 'doc-3', '0198c0de-0000-7000-8000-0000000000a4'];
const rev = (object: string, i: number): string => `rev1:${sha256Hex(`${object}:${i}`)}`;
const hash = (object: string, i: number): string => `sha256:${sha256Hex(`${object}#${i}`)}`;

/** One line from a handful of numbers (so fast-check can shrink it). */
// rare: 0 makes the line a transformation of another form, 1 repeats an earlier idem (either sends the ledger to the entry-by-entry replay)
const spec = fc.record({ kind: fc.nat(13), segment: fc.nat(2), a: fc.nat(9), b: fc.nat(9), t: fc.nat(9), rare: fc.nat(120) });
type Spec = typeof spec extends fc.Arbitrary<infer T> ? T : never;

const idemOf = (n: number): string => (n % 3 === 0 ? `0198c0de-0000-7000-8000-${n.toString(16).padStart(12, '0')}` : n % 3 === 1 ? `observed:${sha256Hex(String(n))}` : `idem-${n}`);

function bodyOf(s: Spec, n: number): { kind: string; body: unknown; usual: boolean } {
  const object = OBJECTS[s.a % OBJECTS.length] as string;
  const other = OBJECTS[(s.a + 1 + (s.b % 3)) % OBJECTS.length] as string;
  const i = s.b % 6;
  // chains, merges, a parent named before its revision arrives, a parent that never does
  const parents = i === 0 ? [] : s.t % 5 === 0 ? [rev(object, i - 1), rev(object, Math.max(0, i - 2))] : s.t % 5 === 1 ? [rev(object, 9)] : s.t % 5 === 2 ? [rev(object, i + 1)] : [rev(object, i - 1)];
  const output = { object, revision: rev(object, i), content_hash: hash(object, i), parents };
  const agent = s.t % 3 === 0 ? { type: 'model', id: 'claude-code' } : { type: 'human' };
  const intent = { kind: 'save', summary: s.t % 4 === 0 ? 'Überarbeitet "Kapitel" \\ 1\n' : '' };
  switch (s.kind) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4: {
      const inputs = s.kind === 0 ? [] : s.kind === 1 ? [{ object: other, revision: rev(other, s.a % 6), role: s.t % 2 === 0 ? 'contextual' : 'direct' }] : s.kind === 2 ? [{ object: other, revision: rev(other, 1), role: 'direct' }, { object: OBJECTS[3], revision: rev(OBJECTS[3] as string, 0), role: 'direct' }] : [];
      return { kind: 'transformation', body: { inputs, outputs: [output], agent, intent, confidence: 'exact' }, usual: true };
    }
    case -1:
      // a transformation of another form: two outputs, or a revision not of the kernel's making
      return s.t % 2 === 0
        ? { kind: 'transformation', body: { inputs: [], outputs: [output, { ...output, object: other }], agent, intent, confidence: 'exact' }, usual: false }
        : { kind: 'transformation', body: { inputs: [], outputs: [{ ...output, revision: `r${i}` }], agent, intent, confidence: 'exact' }, usual: false };
    case 5:
    case 6:
      return { kind: 'object-registered', body: { object, path: `p${s.b % 4}.md` }, usual: true };
    case 7:
      return { kind: 'ratification', body: { edge: { txf: `id-${s.b % Math.max(1, n)}`, input: 0 }, upstream_object: other, pinned: rev(other, 1), resolved_against: rev(other, 2), actor: { type: 'human' } }, usual: true };
    case 8:
      return { kind: 'claim', body: { claim: `c${s.b % 2}`, statement: 's', invalid_at: null, supersedes: null, maturity: 'draft' }, usual: true };
    case 9:
      return { kind: 'navigation', body: { op: 'checkout', from: null, to: `ref-${s.b}`, ref: null }, usual: true };
    case 10:
      return { kind: 'note-from-the-future', body: { anything: s.b }, usual: true };
    default:
      return { kind: 'diagnostic', body: { code: 'NOTE', message: `m${s.b}` }, usual: true };
  }
}

interface Ledgered {
  segments: string[];
  /** Whether the columns replay takes this ledger: no repeated idem, no transformation of another form. */
  usual: boolean;
}

/** Random segments with blank and malformed lines, repeated idems now and then, and torn tails. */
function ledgerOf(specs: Spec[], torn: boolean[]): Ledgered {
  const lines: { text: string; idem?: string; usual: boolean }[][] = SEGMENTS.map(() => []);
  specs.forEach((s, n) => {
    const target = lines[s.segment] as { text: string; idem?: string; usual: boolean }[];
    if (s.kind === 12) return void target.push({ text: s.t % 2 === 0 ? `{"format":0,"id":"broken-${n}"` : s.t % 4 === 1 ? '' : '  \t', usual: true });
    if (s.kind === 13) return void target.push({ text: `{"format":0,"id":"x","kind":"transformation","time":"t","writer":"w","idem":"i-${n}","body":{"inputs":[],"outputs":[]}}`, usual: true });
    const { kind, body, usual } = bodyOf(s.rare === 0 ? { ...s, kind: -1 } : s, n);
    const earlier = lines.flat().filter((line) => line.idem !== undefined);
    const idem = s.rare === 1 && earlier.length > 0 ? (earlier[s.a % earlier.length]?.idem as string) : idemOf(n);
    const id = s.b % 2 === 0 ? `0198c0de-0000-7000-9000-${n.toString(16).padStart(12, '0')}` : `id-${n}`;
    target.push({ text: JSON.stringify({ format: LEDGER_FORMAT, id, kind, time: `2026-12-01T10:00:0${s.t}Z`, writer: WRITER, idem, body }), idem, usual });
  });
  // a torn last line is not read: it counts for nothing
  const read = lines.flatMap((list, k) => (torn[k] ? list.slice(0, -1) : list));
  const idems = read.flatMap((line) => (line.idem === undefined ? [] : [line.idem]));
  const usual = read.every((line) => line.usual) && new Set(idems).size === idems.length;
  const segments = lines.map((list, k) => (list.length === 0 ? '' : `${list.map((line) => line.text).join('\n')}${torn[k] ? '' : '\n'}`));
  return { segments, usual };
}

function storageOf(segments: string[]): MemoryStorage {
  const storage = new MemoryStorage();
  segments.forEach((text, k) => text !== '' && storage.put(`${LEDGER_DIR}/${SEGMENTS[k]}`, text));
  return storage;
}

/** Everything the index derives, in the order it holds it (objects, revisions, heads, edges: order shows in answers). */
function exact(index: CoherenceIndex) {
  const { seen, seenPacked, seenCount, ...columns } = encodeIndex(index);
  return {
    columns,
    seen: [...index.seen].sort(),
    seenCount,
    objects: [...index.objects.values()].map((object) => ({
      revisions: [...object.revisions.values()].map((r) => ({ ...r, producers: [...producersOf(r)] })),
      heads: index.heads(object),
      orphans: [...object.orphanParents],
    })),
    transformations: [...index.transformations.values()],
    dependents: [...index.dependents].map(([upstream, set]) => [upstream, [...set]]),
  };
}

describe('a full replay in columns (issue 14: rebuild from the ledger alone)', () => {
  it('builds the index the entry-by-entry replay builds, or leaves the ledger to it', async () => {
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(spec, { maxLength: 80 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), async (specs, torn) => {
        const { segments, usual } = ledgerOf(specs, torn);
        const byColumns = new Ledger(storageOf(segments), WRITER);
        const byEntries = new Ledger(storageOf(segments), WRITER);
        const columns = await replayColumns(byColumns);
        const entries = await replayEntries(byEntries);
        expect(columns !== null).toBe(usual);
        if (!columns) return;
        taken++;
        expect(columns.malformed).toEqual(entries.malformed);
        expect(byColumns.positions()).toEqual(byEntries.positions());
        expect(exact(columns.index)).toEqual(exact(entries.index));
        expect(columns.index.trackedCount).toBe(entries.index.trackedCount);
      }),
      { numRuns: 300 },
    );
    // most runs compare two indexes, not only that the columns replay gave up
    expect(taken).toBeGreaterThan(150);
  });

  it('grows past the rows it made from the ledger\'s size (lines shorter than it assumed)', async () => {
    const lines: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const object = `o${n % 7}`;
      const i = Math.floor(n / 7);
      const output = { object, revision: rev(object, i), content_hash: hash(object, i), parents: i === 0 ? [] : n % 50 === 0 ? [rev(object, i - 1), rev('elsewhere', n)] : [rev(object, i - 1)] };
      const inputs = n % 11 === 0 ? [{ object: `o${(n + 1) % 7}`, revision: rev(`o${(n + 1) % 7}`, 0), role: 'direct' }] : [];
      lines.push(JSON.stringify({ format: 0, id: `i${n}`, kind: 'transformation', time: 't', writer: 'w', idem: `m${n}`, body: { inputs, outputs: [output], agent: { type: 'git' }, intent: { kind: 'k', summary: '' }, confidence: 'exact' } }));
    }
    const segments = [`${lines.join('\n')}\n`];
    const columns = await replayColumns(new Ledger(storageOf(segments), WRITER));
    const entries = await replayEntries(new Ledger(storageOf(segments), WRITER));
    expect(columns).not.toBeNull();
    expect(exact((columns as { index: CoherenceIndex }).index)).toEqual(exact(entries.index));
  });

  it('continues from where it read: what is appended next is read as a tail', async () => {
    const { segments } = ledgerOf(
      Array.from({ length: 30 }, (_, n) => ({ kind: n % 4, segment: n % 3, a: n % 4, b: n % 6, t: n % 9, rare: 5 })),
      [false, false, true],
    );
    const storage = storageOf(segments);
    const ledger = new Ledger(storage, WRITER);
    expect(await replayColumns(ledger)).not.toBeNull();
    const extra = JSON.stringify({ format: LEDGER_FORMAT, id: 'late', kind: 'diagnostic', time: 't', writer: WRITER, idem: 'late', body: { code: 'NOTE', message: 'm' } });
    await storage.append(`${LEDGER_DIR}/${SEGMENTS[0]}`, `${extra}\n`);
    const tail = await ledger.readNew();
    expect(tail.entries.map((e) => e.idem)).toEqual(['late']);
    expect(tail.reset).toBe(false);
  });
});

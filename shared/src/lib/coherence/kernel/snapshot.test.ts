import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../ids';
import { LEDGER_FORMAT, parseLine, type Entry } from '../ledger/entries';
import { INDEX_SNAPSHOT_PATH, LEDGER_DIR } from '../ledger/layout';
import { INDEX_SNAPSHOT_V2 } from '../testing/indexSnapshotV2';
import { MemoryStorage } from '../testing/memoryStorage';
import { utf8Bytes, utf8Text } from '../utf8';
import { claims, status } from './answers';
import { CoherenceIndex, producersOf } from './coherenceIndex';
import { CoherenceKernel, type KernelOptions } from './kernel';
import { encodeIndex, INDEX_CODE_VERSION } from './snapshotCodec';
import type { SnapshotObject } from './snapshotObjects';

const WRITER = '0198c0de-0000-7000-8000-0000000000ff';
const SEGMENTS = ['0198c0de-0000-7000-8000-00000000000a.jsonl', '0198c0de-0000-7000-8000-00000000000b.jsonl', '0198c0de-0000-7000-8000-00000000000c.jsonl'];
const OBJECTS = ['o0', 'o1', 'o2', 'o3'];

/**
 * How a run names revisions and hashes: short names of one shape, the kernel's own `rev1:<hex>` and
 * `sha256:<hex>` (both packed in the snapshot), or names of two shapes (kept as an array).
 */
interface Naming {
  revision(object: string, i: number): string;
  hash(object: string, i: number): string;
}
const NAMINGS: Naming[] = [
  { revision: (object, i) => `${object}:r${i}`, hash: (object, i) => `sha256:${object}${i}` },
  { revision: (object, i) => `rev1:${sha256Hex(`${object}:r${i}`)}`, hash: (object, i) => `sha256:${sha256Hex(`${object}${i}`)}` },
  { revision: (object, i) => (object === 'o3' ? `${object}-rev${i}` : `${object}:r${i}`), hash: (object, i) => `sha256:${object}${i}${object === 'o3' ? '!' : ''}` },
];
const SHORT = NAMINGS[0] as Naming;

/** A revision's parents and hash follow from its name, as a real revision id follows from them. */
const revision = (object: string, i: number, name: Naming) => ({
  object,
  revision: name.revision(object, i),
  content_hash: name.hash(object, i),
  parents: i === 0 ? [] : i % 4 === 3 ? [name.revision(object, i - 1), name.revision(object, i - 2)] : i === 5 ? ['gone:r9'] : [name.revision(object, i - 1)],
});

/** Idems of several shapes, as a real ledger holds them: UUIDs, `observed:<hex>` and others. */
const idemOf = (n: number): string =>
  n % 3 === 0 ? `0198c0de-0000-7000-8000-${n.toString(16).padStart(12, '0')}` : n % 3 === 1 ? `observed:${sha256Hex(String(n))}` : `idem-${n}`;

/** One random ledger line from a handful of numbers (so fast-check can shrink it). */
interface Spec {
  kind: number;
  segment: number;
  a: number;
  b: number;
  t: number;
  /** < 2: repeat an earlier entry's idem (0: the very same line, 1: another entry with that idem). */
  dup: number;
}

function bodyOf(spec: Spec, n: number, name: Naming): { kind: string; body: unknown } {
  const object = OBJECTS[spec.a % OBJECTS.length] as string;
  const other = OBJECTS[(spec.a + 1 + (spec.b % 3)) % OBJECTS.length] as string;
  const edge = { txf: `id-${spec.b % Math.max(1, n)}`, input: spec.a % 2 };
  const actor = { type: 'human' };
  const resolution = { edge, upstream_object: other, pinned: name.revision(other, spec.b % 3), resolved_against: name.revision(other, spec.b % 6), actor };
  switch (spec.kind) {
    case 0:
    case 1:
    case 2: {
      const outputs = [revision(object, spec.b % 7, name), ...(spec.kind === 2 ? [revision(other, spec.b % 5, name)] : [])];
      const inputs = spec.kind === 1 ? [] : [{ object: other, revision: name.revision(other, spec.a % 6), role: spec.t % 3 === 0 ? 'contextual' : 'direct' }];
      return { kind: 'transformation', body: { inputs, outputs, agent: actor, intent: { kind: 'save', summary: '' }, confidence: 'exact' } };
    }
    case 3:
      return { kind: 'object-registered', body: { object, path: `p${spec.b % 4}.md` } };
    case 4:
      return spec.t % 2 === 0 ? { kind: 'ratification', body: resolution } : { kind: 'waiver', body: { ...resolution, reason: 'r' } };
    case 5:
      return {
        kind: 'check-result',
        body: { edge, pinned: name.revision(other, 1), checked_against: name.revision(other, spec.b % 6), verdict: 'unknown', context: 'c', claims_fingerprint: 'f', actor },
      };
    case 6:
      return { kind: 'claim', body: { claim: `claim-${spec.b % 3}`, statement: 's', invalid_at: null, supersedes: spec.t % 2 ? `id-${spec.b}` : null, maturity: 'established' } };
    case 7:
      return {
        kind: 'delegation',
        body: { delegation: `d-${spec.b % 2}`, actor, delegate: { type: 'external', id: 'agent' }, scope: ['resolve.waive'], expires: '2027-01-01T00:00:00Z', supersedes: null },
      };
    case 8:
      return { kind: 'navigation', body: { op: 'checkout', from: null, to: `ref-${spec.b}`, ref: null } };
    case 9:
      return { kind: 'note-from-the-future', body: { anything: spec.b } };
    default:
      return { kind: 'diagnostic', body: { code: 'NOTE', message: `m${spec.b}` } };
  }
}

/** Random segments: lines of every kind, repeated idems (within and across segments), ties in time, now and then a malformed line. */
function ledgerOf(specs: Spec[], name: Naming = SHORT): string[][] {
  const segments: string[][] = SEGMENTS.map(() => []);
  const written: { line: string; idem: string }[] = [];
  specs.forEach((spec, n) => {
    const target = segments[spec.segment % SEGMENTS.length] as string[];
    if (spec.kind === 11) {
      target.push(`{"format":0,"id":"broken-${n}"`);
      return;
    }
    const earlier = written.length > 0 && spec.dup < 2 ? written[(spec.a * 7 + spec.b) % written.length] : undefined;
    if (earlier && spec.dup === 0) {
      target.push(earlier.line);
      return;
    }
    const { kind, body } = bodyOf(spec, n, name);
    const time = `2026-12-01T10:00:${String(spec.t).padStart(2, '0')}Z`;
    const idem = earlier?.idem ?? idemOf(n);
    const line = JSON.stringify({ format: LEDGER_FORMAT, id: `id-${n}`, kind, time, writer: WRITER, idem, body });
    written.push({ line, idem });
    target.push(line);
  });
  return segments;
}

const snapshotOf = (storage: MemoryStorage): Uint8Array => storage.bytes(INDEX_SNAPSHOT_PATH) as Uint8Array;

const joined = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const bytes = new Uint8Array(a.length + b.length);
  bytes.set(a);
  bytes.set(b, a.length);
  return bytes;
};

/** The snapshot with its JSON header line edited, its columns as they were. */
function withHeader(storage: MemoryStorage, edit: (header: string) => string): void {
  const bytes = snapshotOf(storage);
  const end = bytes.indexOf(10);
  storage.put(INDEX_SNAPSHOT_PATH, joined(utf8Bytes(edit(utf8Text(bytes.subarray(0, end)))), bytes.subarray(end)));
}

const textOf = (lines: string[]): string => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);

function storageWith(segments: string[][]): MemoryStorage {
  const storage = new MemoryStorage();
  segments.forEach((lines, i) => lines.length > 0 && storage.put(`${LEDGER_DIR}/${SEGMENTS[i]}`, textOf(lines)));
  return storage;
}

const byJson = <T>(list: Iterable<T>): T[] => [...list].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));

/** Everything the index derives, in an order that does not depend on the order entries were applied in. */
function canonical(index: CoherenceIndex) {
  return {
    objects: byJson(
      [...index.objects.values()].map((o) => ({
        id: o.id,
        path: o.path,
        pathEntry: o.pathEntry,
        absent: o.absent,
        revisions: byJson([...o.revisions.values()].map((r) => ({ id: r.id, hash: r.hash, parents: r.parents, producers: [...producersOf(r)].sort(), hasChild: r.hasChild }))),
        orphanParents: [...o.orphanParents].sort(),
        heads: index.heads(o).sort(),
      })),
    ),
    transformations: byJson(index.transformations.values()),
    edges: byJson([...index.dependents].map(([k, v]) => [k, [...v].sort()])),
    resolutions: byJson([...index.resolutions].map(([k, v]) => [k, byJson(v)])),
    checks: byJson(index.checks),
    claims: byJson([...index.claims].map(([k, v]) => [k, byJson(v)])),
    delegations: byJson([...index.delegations].map(([k, v]) => [k, byJson(v)])),
    diagnostics: byJson(index.diagnostics),
    lastNavigation: index.lastNavigation,
    seen: [...index.seen].sort(),
    entryCount: index.entryCount,
  };
}

const open = (storage: MemoryStorage, snapshot: KernelOptions['snapshot']) => CoherenceKernel.open(storage, { writer: WRITER, snapshot });

const idemsOf = (lines: string[]): string[] =>
  lines.flatMap((line) => {
    const parsed = parseLine(line);
    return parsed.ok ? [parsed.entry.idem] : [];
  });

/** A well-formed entry (appended through the kernel, so never a repeated idem). */
const entryOf = (spec: Spec, n: number, name: Naming): Entry => {
  const { kind, body } = bodyOf({ ...spec, kind: spec.kind % 11 }, n, name);
  return { format: LEDGER_FORMAT, id: `more-${n}`, kind, time: `2026-12-01T10:01:${String(spec.t).padStart(2, '0')}Z`, writer: WRITER, idem: `more-${n}`, body } as Entry;
};

/** status, claims and the projected edges of two kernels agree (read before anything else builds the revisions). */
async function sameAnswers(a: CoherenceKernel, b: CoherenceKernel): Promise<void> {
  expect(await status(a)).toEqual(await status(b));
  expect(byJson(await claims(a))).toEqual(byJson(await claims(b)));
  const edges = await a.project();
  expect(edges).toEqual(expect.arrayContaining(await b.project()));
  expect(edges.length).toBe((await b.project()).length);
}

const spec = fc.record({ kind: fc.nat(12), segment: fc.nat(2), a: fc.nat(9), b: fc.nat(9), t: fc.nat(20), dup: fc.nat(9) });

describe('index snapshot (.vmark/cache/index.json)', () => {
  it('snapshot + tail replay gives the same index as a full replay, for random ledgers, cut points and namings (issue 14: rebuild from a derived snapshot)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(spec, { maxLength: 60 }), fc.array(fc.nat(60), { minLength: 3, maxLength: 3 }), fc.array(spec, { maxLength: 4 }), fc.nat(2), async (specs, cutAt, more, naming) => {
        const name = NAMINGS[naming] as Naming;
        const segments = ledgerOf(specs, name);
        const prefixes = segments.map((lines, i) => lines.slice(0, Math.min(lines.length, cutAt[i] as number)));
        const atCut = storageWith(prefixes);
        const writer = await open(atCut, { minBytes: 0 });
        const prefixLines = prefixes.flat();
        const malformedBefore = prefixLines.some((line) => !parseLine(line).ok);
        expect(writer.opened.snapshotWritten).toBe(prefixLines.length > 0 && !malformedBefore);

        const full = storageWith(segments);
        const snapshot = atCut.bytes(INDEX_SNAPSHOT_PATH);
        if (snapshot !== undefined) full.put(INDEX_SNAPSHOT_PATH, snapshot);
        const resumed = await open(full, { minBytes: Number.POSITIVE_INFINITY });
        const replayed = await open(storageWith(segments), false);

        // an idem seen on both sides of the cut: which copy wins would depend on the replay order, so the ledger is replayed
        const before = new Set(idemsOf(prefixLines));
        const tail = segments.flatMap((lines, i) => lines.slice((prefixes[i] as string[]).length));
        const repeated = idemsOf(tail).some((idem) => before.has(idem));
        expect(resumed.opened.from).toBe(writer.opened.snapshotWritten && !repeated ? 'snapshot' : 'replay');
        // the answers first, while the loaded objects' revisions are still unbuilt (built on first use), then after appends
        await sameAnswers(resumed, replayed);
        const appended = more.map((m, n) => entryOf(m, 1000 + n, name));
        await resumed.append(appended);
        await replayed.append(appended);
        await sameAnswers(resumed, replayed);
        expect(canonical(resumed.index)).toEqual(canonical(replayed.index));
        expect(resumed.quarantined).toBe(replayed.quarantined);
      }),
      { numRuns: 150 },
    );
  });

  const specs: Spec[] = Array.from({ length: 40 }, (_, n) => ({ kind: n % 11, segment: n % 2, a: n % 9, b: (n * 7) % 10, t: n % 20, dup: 9 }));

  /** A ledger whose snapshot covers its first 30 entries, then 10 more appended. */
  async function covered(): Promise<{ storage: MemoryStorage; segments: string[][] }> {
    const segments = ledgerOf(specs);
    const storage = storageWith(segments.map((lines) => lines.slice(0, 15)));
    expect((await open(storage, { minBytes: 0 })).opened.snapshotWritten).toBe(true);
    segments.forEach((lines, i) => lines.length > 0 && storage.put(`${LEDGER_DIR}/${SEGMENTS[i]}`, textOf(lines)));
    return { storage, segments };
  }

  it('is used when it still describes the segments, replaying only their tails', async () => {
    const { storage, segments } = await covered();
    const kernel = await open(storage, { minBytes: Number.POSITIVE_INFINITY });
    expect(kernel.opened.from).toBe('snapshot');
    expect(kernel.opened.replayedBytes).toBe(segments.reduce((sum, lines) => sum + textOf(lines.slice(15)).length, 0));
    expect(canonical(kernel.index)).toEqual(canonical((await open(storageWith(segments), false)).index));
  });

  const untrusted: [string, (storage: MemoryStorage, segments: string[][]) => void][] = [
    ['a half-written or corrupt file', (s) => s.put(INDEX_SNAPSHOT_PATH, snapshotOf(s).slice(0, 200))],
    ['an unknown snapshot version', (s) => withHeader(s, (header) => header.replace(`"version":${header.match(/"version":(\d+)/)?.[1]}`, '"version":99'))],
    ['a file cut short in its columns', (s) => s.put(INDEX_SNAPSHOT_PATH, snapshotOf(s).slice(0, -1))],
    ['a file longer than its columns', (s) => s.put(INDEX_SNAPSHOT_PATH, joined(snapshotOf(s), new Uint8Array([10])))],
    ['a packed column whose stated length is off by one', (s) => withHeader(s, (header) => header.replace(/(\["revIds","(?:[^"\\]|\\.)*",)(\d+)\]/, (_, head: string, n: string) => `${head}${Number(n) + 1}]`))],
    ['a packed column named twice', (s) => withHeader(s, (header) => header.replace('["revHashes",', '["revIds",'))],
    ['other index code', (s) => withHeader(s, (header) => header.replace(`"code":${INDEX_CODE_VERSION}`, `"code":${INDEX_CODE_VERSION - 1}`))],
    ['a segment gone', (s) => s.remove(`${LEDGER_DIR}/${SEGMENTS[1]}`)],
    ['a segment shorter than its offset', (s, segments) => s.put(`${LEDGER_DIR}/${SEGMENTS[0]}`, textOf((segments[0] as string[]).slice(0, 10)))],
    [
      'a segment rewritten under its offset (a merge or checkout)',
      (s, segments) => s.put(`${LEDGER_DIR}/${SEGMENTS[0]}`, textOf([...(segments[0] as string[])].reverse())),
    ],
    ['a segment whose first line changed', (s, segments) => s.put(`${LEDGER_DIR}/${SEGMENTS[1]}`, textOf([(segments[1] as string[])[1] as string, ...(segments[1] as string[]).slice(1)]))],
  ];
  for (const [what, damage] of untrusted) {
    it(`is discarded on ${what}: the ledger is replayed and a new snapshot written`, async () => {
      const { storage, segments } = await covered();
      damage(storage, segments);
      const current = new MemoryStorage();
      for (const [path, file] of storage.files) if (path !== INDEX_SNAPSHOT_PATH) current.put(path, file.text);
      const kernel = await open(storage, { minBytes: 0 });
      expect(kernel.opened.from).toBe('replay');
      expect(kernel.opened.snapshotWritten).toBe(true);
      expect(canonical(kernel.index)).toEqual(canonical((await open(current, false)).index));
      expect((await open(storage, { minBytes: 0 })).opened.from).toBe('snapshot');
    });
  }

  it('keeps revision ids, hashes and idems packed by shape after a JSON header line: only the header is text (issue 14: the open reads no 39 MB of text)', async () => {
    const segments = ledgerOf(specs, NAMINGS[1]);
    const storage = storageWith(segments);
    expect((await open(storage, { minBytes: 0 })).opened.snapshotWritten).toBe(true);
    const bytes = snapshotOf(storage);
    const end = bytes.indexOf(10);
    const header = JSON.parse(utf8Text(bytes.subarray(0, end))) as { version: number; index: Record<string, unknown>; packed: [string, string, number][] };
    expect(header.version).toBe(3);
    const packed = header.packed.map(([name, shape, length]) => ({ name, shape, length }));
    // the seen idems in three shapes: UUIDs, `idem-<two digits>` (its 'd' and 'e' are digits too) and `observed:<hex>`
    expect(packed.map((p) => p.name)).toEqual(['revIds', 'revHashes', 'seen', 'seen', 'seen']);
    for (const column of ['revIds', 'revHashes']) expect(header.index).not.toHaveProperty(column);
    expect(bytes.length - end - 1).toBe(packed.reduce((sum, p) => sum + p.length, 0));
    const kernel = await open(storage, { minBytes: Number.POSITIVE_INFINITY });
    expect(kernel.opened.from).toBe('snapshot');
    const revisions = [...kernel.index.objects.values()].flatMap((o) => [...o.revisions.values()]);
    // 33 bytes a revision id (`rev1:` + 64 hex digits; its 'e' and '1' are digits too), 34 a hash (its 'a', '2', '5', '6')
    expect(packed[0]).toEqual({ name: 'revIds', shape: `r\0v\0:${'\0'.repeat(64)}`, length: 33 * revisions.length });
    expect(packed[1]).toEqual({ name: 'revHashes', shape: `sh${'\0'.repeat(4)}:${'\0'.repeat(64)}`, length: 34 * revisions.length });
    // a UUID in 16 bytes; the three `idem-<one digit>` (too few of their shape to pack) kept in the header
    const idems = [...kernel.index.seen];
    expect(packed[2]?.length).toBe(16 * idems.filter((i) => /^[0-9a-f-]{36}$/.test(i)).length);
    expect((header.index.seen as string).split('\n')).toEqual(['idem-2', 'idem-5', 'idem-8']);
    expect(canonical(kernel.index)).toEqual(canonical((await open(storageWith(segments), false)).index));
  });

  it('replays a snapshot of the previous format (version 2: text columns) once and rewrites it packed', async () => {
    const storage = new MemoryStorage();
    for (const [path, text] of Object.entries(INDEX_SNAPSHOT_V2.segments)) storage.put(path, text);
    storage.put(INDEX_SNAPSHOT_PATH, INDEX_SNAPSHOT_V2.snapshot);
    const kernel = await open(storage, { minBytes: 0 });
    expect(kernel.opened).toMatchObject({ from: 'replay', snapshotWritten: true });
    expect(utf8Text(snapshotOf(storage).subarray(0, 20))).toMatch(/^\{"version":3,/);
    const reopened = await open(storage, { minBytes: 0 });
    expect(reopened.opened).toMatchObject({ from: 'snapshot', snapshotWritten: false });
    expect(canonical(reopened.index)).toEqual(canonical(kernel.index));
  });

  it('is not written for a small ledger, nor for a short tail (a capture never pays for it)', async () => {
    const segments = ledgerOf(specs);
    const storage = storageWith(segments);
    expect((await open(storage, undefined)).opened).toEqual({ from: 'replay', replayedBytes: expect.any(Number), snapshotWritten: false, replayedAs: 'entries' });
    expect(storage.text(INDEX_SNAPSHOT_PATH)).toBeUndefined();
    const { storage: grown } = await covered();
    // a tail over 10 % of what the snapshot covered is worth a new one; a single line is not
    expect((await open(grown, { minBytes: 1 })).opened).toMatchObject({ from: 'snapshot', snapshotWritten: true });
    const before = grown.bytes(INDEX_SNAPSHOT_PATH);
    await grown.append(`${LEDGER_DIR}/${SEGMENTS[0]}`, `${JSON.stringify({ format: 0, id: 'late', kind: 'diagnostic', time: '2026-12-02T00:00:00Z', writer: WRITER, idem: 'late', body: { code: 'N', message: '' } })}\n`);
    expect((await open(grown, { minBytes: 1 })).opened).toMatchObject({ from: 'snapshot', snapshotWritten: false });
    expect(grown.bytes(INDEX_SNAPSHOT_PATH)).toEqual(before);
  });
});

describe('index snapshot: checking the segments', () => {
  /** MemoryStorage whose sizes and reads each wait a turn, counting how many are under way at once. */
  class SlowStorage extends MemoryStorage {
    inFlight = 0;
    mostInFlight = 0;
    private async slowly<T>(look: () => Promise<T>): Promise<T> {
      this.inFlight++;
      this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
      await Promise.resolve();
      this.inFlight--;
      return look();
    }
    override size(path: string) {
      return this.slowly(() => super.size(path));
    }
    override readFrom(path: string, from: number, to?: number) {
      return this.slowly(() => super.readFrom(path, from, to));
    }
  }

  it('looks at every segment at once, and still finds one rewritten under its offset (issue 14: the open is not one round trip per look)', async () => {
    const segments = ledgerOf(Array.from({ length: 30 }, (_, n) => ({ kind: n % 3, segment: n % 3, a: n % 9, b: (n * 7) % 10, t: n % 20, dup: 9 })));
    const storage = new SlowStorage();
    segments.forEach((lines, i) => storage.put(`${LEDGER_DIR}/${SEGMENTS[i]}`, textOf(lines)));
    expect((await open(storage, { minBytes: 0 })).opened.snapshotWritten).toBe(true);
    storage.mostInFlight = 0;
    expect((await open(storage, { minBytes: Number.POSITIVE_INFINITY })).opened.from).toBe('snapshot');
    expect(storage.mostInFlight).toBeGreaterThanOrEqual(SEGMENTS.length);
    storage.put(`${LEDGER_DIR}/${SEGMENTS[2]}`, textOf([...(segments[2] as string[])].reverse()));
    expect((await open(storage, { minBytes: Number.POSITIVE_INFINITY })).opened.from).toBe('replay');
  });
});

describe('index snapshot: revisions built on first use', () => {
  const specs: Spec[] = Array.from({ length: 40 }, (_, n) => ({ kind: n % 3, segment: n % 3, a: n % 9, b: (n * 7) % 10, t: n % 20, dup: 9 }));

  it('opening builds no revision until an object is used, and a snapshot written from unbuilt objects is the same as from built ones', async () => {
    const storage = storageWith(ledgerOf(specs));
    expect((await open(storage, { minBytes: 0 })).opened.snapshotWritten).toBe(true);
    const kernel = await open(storage, { minBytes: Number.POSITIVE_INFINITY });
    expect(kernel.opened.from).toBe('snapshot');
    const loaded = [...kernel.index.objects.values()] as SnapshotObject[];
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.every((o) => o.revisions.stored() !== null && o.revisions.size > 0)).toBe(true);
    const unbuilt = encodeIndex(kernel.index);
    const first = loaded[0] as SnapshotObject;
    expect(kernel.index.heads(first).length).toBeGreaterThan(0);
    expect(first.revisions.stored()).toBeNull();
    expect(loaded.slice(1).every((o) => o.revisions.stored() !== null)).toBe(true);
    for (const object of loaded) object.revisions.fill();
    expect(encodeIndex(kernel.index)).toEqual(unbuilt);
  });
});

describe('index snapshot during a long session', () => {
  it('is rewritten behind the answers once enough was appended since: a fresh open replays only a short tail', async () => {
    const storage = new MemoryStorage();
    const kernel = await open(storage, { minBytes: 4000 });
    expect(kernel.opened.snapshotWritten).toBe(false);
    let parent: string[] = [];
    for (let n = 0; n < 300; n++) {
      const revision = `o${n % 3}:r${n}`;
      const entry =
        n % 2 === 0
          ? kernel.entry('diagnostic', { code: 'NOTE', message: `note ${n}` })
          : kernel.entry('transformation', {
              inputs: n % 5 === 0 ? [{ object: 'o9', revision: 'o9:r0', role: 'direct' }] : [],
              outputs: [{ object: `o${n % 3}`, revision, content_hash: `sha256:${n}`, parents: parent }],
              agent: { type: 'human' },
              intent: { kind: 'save', summary: '' },
              confidence: 'exact',
            });
      if (n % 2 === 1) parent = [revision];
      await kernel.append([entry]);
      // reads between appends, as the tools and the panel make them
      if (n % 7 === 0) await kernel.refresh({ repair: false });
    }
    await kernel.snapshotSettled();
    const ledgerBytes = [...storage.files].filter(([path]) => path.startsWith(`${LEDGER_DIR}/`)).reduce((sum, [, file]) => sum + file.text.length, 0);
    const reopened = await open(storage, { minBytes: Number.POSITIVE_INFINITY });
    expect(reopened.opened.from).toBe('snapshot');
    expect(reopened.opened.replayedBytes).toBeLessThan(ledgerBytes * 0.15);
    expect(canonical(reopened.index)).toEqual(canonical((await open(storage, false)).index));
    expect(canonical(kernel.index)).toEqual(canonical(reopened.index));
  });
});

describe('index snapshot during a long session, after a segment was rewritten under the offsets', () => {
  it('reads the ledger afresh before writing, so the snapshot it writes is trusted by the next open', async () => {
    const segments = ledgerOf(Array.from({ length: 40 }, (_, n) => ({ kind: n % 3, segment: n % 2, a: n % 9, b: (n * 7) % 10, t: n % 20, dup: 9 })));
    const storage = storageWith(segments);
    const kernel = await open(storage, { minBytes: 500 });
    // a union merge reorders the first segment's lines (same size: the kernel's cursor does not notice)
    storage.put(`${LEDGER_DIR}/${SEGMENTS[0]}`, textOf([...(segments[0] as string[])].reverse()));
    for (let n = 0; n < 20; n++) await kernel.append([kernel.entry('diagnostic', { code: 'NOTE', message: `note ${n} ${'x'.repeat(40)}` })]);
    await kernel.snapshotSettled();
    const reopened = await open(storage, { minBytes: Number.POSITIVE_INFINITY });
    expect(reopened.opened).toEqual({ from: 'snapshot', replayedBytes: 0, snapshotWritten: false });
    expect(canonical(reopened.index)).toEqual(canonical((await open(storage, false)).index));
  });
});

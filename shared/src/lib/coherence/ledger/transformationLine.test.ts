import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../ids';
import { PackedColumn, shapeOf } from '../kernel/packedColumn';
import { utf8Bytes } from '../utf8';
import { LEDGER_FORMAT, parseLine, type EntryOf } from './entries';
import { HASH_BYTES, REVISION_BYTES, TransformationLine, UUID_BYTES } from './transformationLine';

const uuid = fc.uuid().map((u) => u.toLowerCase());
const revision = fc.nat().map((n) => `rev1:${sha256Hex(`r${n}`)}`);
const hash = fc.nat().map((n) => `sha256:${sha256Hex(`h${n}`)}`);
const text = fc.string({ unit: 'grapheme', maxLength: 12 });

/** A transformation entry as the kernel writes one (`kernel.entry`, then `JSON.stringify`). */
const entry = fc.record({
  id: fc.oneof(uuid, fc.constantFrom('id-1', 'x')),
  time: fc.constantFrom('2026-12-03T10:00:00.000Z', 't'),
  writer: fc.oneof(uuid, text.filter((t) => t !== '')),
  idem: fc.oneof(uuid, fc.nat().map((n) => `observed:${sha256Hex(String(n))}`), fc.constantFrom('idem-7')),
  inputs: fc.array(fc.record({ object: fc.oneof(uuid, fc.constantFrom('o1')), revision, role: fc.constantFrom('direct', 'contextual') }), { maxLength: 3 }),
  object: fc.oneof(uuid, fc.constantFrom('o2', 'doc one')),
  revision,
  hash,
  parents: fc.array(revision, { maxLength: 3 }),
  agent: fc.oneof(
    fc.record({ type: fc.constantFrom('human', 'model', 'external', 'git') }),
    fc.record({ type: fc.constantFrom('model', 'external'), id: text }),
  ),
  intent: fc.record({ kind: text.filter((t) => t !== ''), summary: text }),
  confidence: fc.constantFrom('exact', 'inferred', 'unknown'),
});

type Generated = typeof entry extends fc.Arbitrary<infer T> ? T : never;

const lineOf = (e: Generated): string =>
  JSON.stringify({
    format: LEDGER_FORMAT,
    id: e.id,
    kind: 'transformation',
    time: e.time,
    writer: e.writer,
    idem: e.idem,
    body: { inputs: e.inputs, outputs: [{ object: e.object, revision: e.revision, content_hash: e.hash, parents: e.parents }], agent: e.agent, intent: e.intent, confidence: e.confidence },
  });

const column = (example: string) => new PackedColumn(shapeOf(example) as string, new Uint8Array(0));
const UUID = column('00000000-0000-0000-0000-000000000000');
const REVISION = column(`rev1:${'0'.repeat(64)}`);
const HASH = column(`sha256:${'0'.repeat(64)}`);
const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));
const packed = (shape: PackedColumn, value: string): Uint8Array => {
  const bytes = new Uint8Array(shape.width);
  expect(shape.pack(value, bytes, 0)).toBe(true);
  return bytes;
};

/** What a matched line says, read back from the matcher (as the replay reads it). */
function readBack(line: TransformationLine, bytes: Uint8Array) {
  return {
    id: ascii(bytes, line.idStart, line.idEnd),
    idem: line.idemPacked ? [...line.idem.subarray(line.idemAt, line.idemAt + UUID_BYTES)] : ascii(bytes, line.idemStart, line.idemEnd),
    object: line.objectPacked ? [...line.object] : ascii(bytes, line.objectStart, line.objectEnd),
    revision: [...line.revision.subarray(line.revisionAt, line.revisionAt + REVISION_BYTES)],
    hash: [...line.hash.subarray(line.hashAt, line.hashAt + HASH_BYTES)],
    parents: Array.from({ length: line.parents }, (_, k) => [...line.parentBytes.subarray(line.parentAt + k * REVISION_BYTES, line.parentAt + (k + 1) * REVISION_BYTES)]),
    inputs: Array.from({ length: line.inputs }, (_, k) => ({
      object: ascii(bytes, line.inputAt[4 * k] as number, line.inputAt[4 * k + 1] as number),
      revision: ascii(bytes, line.inputAt[4 * k + 2] as number, line.inputAt[4 * k + 3] as number),
      role: line.inputRole[k] === 0 ? 'direct' : 'contextual',
    })),
  };
}

/** The same, from the entry `parseLine` reads (UUIDs and digests packed as `PackedColumn` packs them). */
function expected(parsed: EntryOf<'transformation'>) {
  const output = parsed.body.outputs[0] as EntryOf<'transformation'>['body']['outputs'][number];
  const uuidOr = (value: string) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value) ? [...packed(UUID, value)] : value);
  return {
    id: parsed.id,
    idem: uuidOr(parsed.idem),
    object: uuidOr(output.object),
    revision: [...packed(REVISION, output.revision)],
    hash: [...packed(HASH, output.content_hash)],
    parents: output.parents.map((p) => [...packed(REVISION, p)]),
    inputs: parsed.body.inputs.map(({ object, revision, role }) => ({ object, revision, role })),
  };
}

describe('a transformation line read on its bytes (issue 14: a full rebuild without JSON.parse)', () => {
  it('packs as PackedColumn does', () => {
    expect([UUID.width, REVISION.width, HASH.width]).toEqual([UUID_BYTES, REVISION_BYTES, HASH_BYTES]);
  });

  it('reads every line the kernel writes, with the values parseLine reads', () => {
    fc.assert(
      fc.property(entry, fc.nat(40), (e, offset) => {
        const text = lineOf(e);
        const bytes = utf8Bytes(`${text}\n`);
        const line = new TransformationLine();
        // packed values written where the reader aims them
        const rows = new Uint8Array(2000);
        [line.idem, line.revision, line.hash, line.parentBytes] = [rows, rows, rows, rows];
        [line.idemAt, line.revisionAt, line.hashAt, line.parentAt] = [offset, offset + 20, offset + 60, offset + 100];
        expect(line.match(bytes, 0)).toBe(bytes.length - 1);
        const parsed = parseLine(text);
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(readBack(line, bytes)).toEqual(expected(parsed.entry as EntryOf<'transformation'>));
      }),
      { numRuns: 500 },
    );
  });

  it('takes a line changed anywhere only if parseLine takes it as a transformation with the same values', () => {
    const noise = fc.constantFrom('"', '\\', '}', ']', ',', ' ', '0', 'a', 'G', 'é', '\u0001', '\u001f', '\\u00e9', '\\u00eg', '\\x', '\n', ':', 'rev1:', '{', 'null');
    fc.assert(
      fc.property(entry, fc.nat(), fc.nat(3), noise, (e, at, cut, insert) => {
        const text = lineOf(e);
        const from = at % (text.length + 1);
        const changed = `${text.slice(0, from)}${insert}${text.slice(from + cut)}`;
        const bytes = utf8Bytes(`${changed}\n`);
        const line = new TransformationLine();
        const end = line.match(bytes, 0);
        if (end < 0) return;
        const text2 = changed.slice(0, changed.indexOf('\n') < 0 ? undefined : changed.indexOf('\n'));
        const parsed = parseLine(text2);
        expect(parsed.ok && parsed.entry.kind).toBe('transformation');
        if (!parsed.ok) return;
        expect(end).toBe(utf8Bytes(text2).length);
        expect(readBack(line, bytes)).toEqual(expected(parsed.entry as EntryOf<'transformation'>));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves a torn last line, other kinds and other forms to parseLine', () => {
    const line = new TransformationLine();
    const base = {
      id: 'a',
      time: 't',
      writer: 'w',
      idem: 'i',
      inputs: [],
      object: 'o',
      revision: `rev1:${'a'.repeat(64)}`,
      hash: `sha256:${'b'.repeat(64)}`,
      parents: [],
      agent: { type: 'human' },
      intent: { kind: 'save', summary: '' },
      confidence: 'exact',
    } satisfies Generated;
    const ok = lineOf(base);
    expect(line.match(utf8Bytes(`${ok}\n`), 0)).toBeGreaterThan(0);
    const refused = [
      ok, // no `\n`: torn
      ok.replace('"kind":"transformation"', '"kind":"note"'),
      ok.replace('rev1:', 'rev2:'),
      ok.replace(`sha256:${'b'.repeat(64)}`, `sha256:${'B'.repeat(64)}`),
      ok.replace('"confidence":"exact"', '"confidence":"sure"'),
      ok.replace('"parents":[]', '"parents":[],"extra":1'),
      ok.replace('"format":0', '"format":1'),
      ok.replace('"id":"a"', '"id":""'),
      `${ok} `,
      `${ok}\r`,
    ];
    refused.forEach((text, i) => expect(line.match(utf8Bytes(i === 0 ? text : `${text}\n`), 0)).toBe(-1));
  });
});

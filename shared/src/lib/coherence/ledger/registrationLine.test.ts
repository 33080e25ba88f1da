import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../utf8';
import { LEDGER_FORMAT, parseLine } from './entries';
import { RegistrationLine } from './registrationLine';

const value = fc.oneof(
  fc.uuid().map((u) => u.toLowerCase()),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('part-00/doc-00000.md', 'notes/a b.md', 'observed:0a1b', '2026-12-04T05:00:00.000Z', 'é/ü.md', 'a"b', 'c\\d'),
);
const entry = fc.record({ id: value, time: value, writer: value, idem: value, object: value, path: value });
type Generated = typeof entry extends fc.Arbitrary<infer T> ? T : never;

/** A registration as the kernel writes one (`kernel.entry`, then `JSON.stringify`). */
const lineOf = (e: Generated): string =>
  JSON.stringify({ format: LEDGER_FORMAT, id: e.id, kind: 'object-registered', time: e.time, writer: e.writer, idem: e.idem, body: { object: e.object, path: e.path } });

/** `line` matched at `offset` of a buffer with other bytes around it: the end it reports and the entry, or null. */
function matched(line: string, offset: number): { end: number; entry: unknown } | null {
  const bytes = utf8Bytes(`${'x'.repeat(offset)}${line}\nmore`);
  const reader = new RegistrationLine();
  const end = reader.match(bytes, offset);
  return end < 0 ? null : { end: end - offset, entry: reader.entry };
}

describe('an object-registered line read on its bytes (issue 14: a full rebuild without decoding each line)', () => {
  it('reads every line the kernel writes with plain values as parseLine reads it, and leaves the others to parseLine', () => {
    fc.assert(
      fc.property(entry, fc.nat(40), (e, offset) => {
        const text = lineOf(e);
        const parsed = parseLine(text);
        const plainValues = Object.values(e).every((v) => /^[\x20-\x7e]+$/.test(v) && !/["\\]/.test(v));
        const got = matched(text, offset);
        if (!plainValues) {
          expect(got).toBeNull();
          return;
        }
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(got).toEqual({ end: utf8Bytes(text).length, entry: parsed.entry });
      }),
      { numRuns: 500 },
    );
  });

  it('takes a line changed anywhere only if parseLine takes it as the same registration', () => {
    const noise = fc.constantFrom('"', '\\', '}', ']', ',', ' ', '0', 'a', 'é', '\u0001', '\\u00e9', '\n', ':', '{', 'null', '"schema":"s"');
    const plainEntry = fc.record({ id: fc.uuid(), time: fc.constant('2026-12-04T05:00:00.000Z'), writer: fc.uuid(), idem: fc.uuid(), object: fc.uuid(), path: fc.constantFrom('a.md', 'part-01/doc-1.md') });
    fc.assert(
      fc.property(plainEntry, fc.nat(), fc.nat(3), noise, (e, at, cut, insert) => {
        const text = lineOf(e);
        const from = at % (text.length + 1);
        const changed = `${text.slice(0, from)}${insert}${text.slice(from + cut)}`;
        const got = matched(changed, 3);
        if (got === null) return;
        const line = changed.slice(0, changed.indexOf('\n') < 0 ? undefined : changed.indexOf('\n'));
        const parsed = parseLine(line);
        expect(parsed.ok && parsed.entry.kind).toBe('object-registered');
        if (parsed.ok) expect(got).toEqual({ end: utf8Bytes(line).length, entry: parsed.entry });
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves a torn last line, other kinds, other bodies and other formats to parseLine', () => {
    const ok = lineOf({ id: 'i', time: 't', writer: 'w', idem: 'd', object: 'o', path: 'p.md' });
    expect(matched(ok, 0)).not.toBeNull();
    const reader = new RegistrationLine();
    expect(reader.match(utf8Bytes(ok), 0)).toBe(-1); // no `\n`: torn
    for (const other of [
      ok.replace('"kind":"object-registered"', '"kind":"object-removed"'),
      ok.replace('"path":"p.md"}', '"path":"p.md","schema":"s"}'),
      ok.replace('"path":"p.md"', '"path":""'),
      ok.replace('"format":0', '"format":1'),
      ok.replace('"id":"i"', '"id":"\\u0069"'),
    ])
      expect(matched(other, 0)).toBeNull();
  });
});

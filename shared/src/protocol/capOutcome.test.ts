import { describe, expect, it } from 'vitest';
import { capOutcome, cutToBytes, estimateTokens, MAX_RESPONSE_BYTES, TRUNCATION_NOTICE } from './capOutcome';
import { utf8ByteLength } from '../tools/fragments';

describe('response cap', () => {
  it('cuts on code-point boundaries, never inside a surrogate pair', () => {
    const text = '😀'.repeat(10);
    for (let max = 0; max < 45; max++) {
      const cut = cutToBytes(text, max);
      expect(cut.length % 2).toBe(0);
      expect(utf8ByteLength(cut)).toBeLessThanOrEqual(max);
    }
  });

  it('document.read over 25,000 tokens is cut, marked truncated and carries the never-write-back notice', () => {
    const content = '中'.repeat(60_000);
    const capped = capOutcome({ kind: 'ok', data: { content, revision: 'rev-12345678' } });
    expect(capped.kind).toBe('ok');
    if (capped.kind !== 'ok') return;
    const data = capped.data as { content: string; truncated: boolean; revision: string };
    expect(data.truncated).toBe(true);
    expect(data.revision).toBe('rev-12345678');
    expect(utf8ByteLength(JSON.stringify(data))).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
    expect(content.startsWith(data.content)).toBe(true);
    expect(capped.notice).toBe(TRUNCATION_NOTICE);
  });

  it('leaves small responses and errors alone', () => {
    const small = { kind: 'ok' as const, data: { content: 'hi' } };
    expect(capOutcome(small)).toBe(small);
    const error = { kind: 'text' as const, text: 'x'.repeat(100_000) };
    expect(capOutcome(error)).toBe(error);
  });

  it('issue 15: capping a 5 MB read counts, encodes and returns what capping a 1 MB read does (the cost follows the answer, not the document)', () => {
    const paragraph = `${'Lorem ipsum dolor sit amet — 中文 ünïcödé.\n'.repeat(5)}\n`;
    const capWithSpy = (bytes: number) => {
      const counted: number[] = [];
      const counter = (text: string) => {
        counted.push(text.length);
        return estimateTokens(text);
      };
      const content = paragraph.repeat(Math.ceil(bytes / paragraph.length));
      const capped = capOutcome({ kind: 'ok', data: { content, revision: 'rev-1' } }, counter);
      return { counted, capped };
    };
    const oneMb = capWithSpy(1_000_000);
    const fiveMb = capWithSpy(5_000_000);
    expect(fiveMb.counted).toEqual(oneMb.counted);
    expect(fiveMb.capped).toEqual(oneMb.capped);
    // nothing near the document's size is ever counted: only the cut answer (about 25,000 tokens × 6 bytes at most)
    expect(Math.max(...fiveMb.counted)).toBeLessThan(200_000);
    expect((fiveMb.capped as { data: { truncated: boolean } }).data.truncated).toBe(true);
  });

  it('the estimate counts UTF-8 bytes as TextEncoder writes them (pairs 4, lone surrogates 3) without encoding', () => {
    const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } }).TextEncoder();
    // long texts are measured slice by slice: a pair on a slice's edge (either parity), lone surrogates across edges
    const long = ['a' + '😀'.repeat(40_000), '😀'.repeat(40_000), `${'\uD800'.repeat(16_383)}😀${'\uDC00'.repeat(20_000)}`, 'é中a'.repeat(30_000)];
    for (const text of ['', 'a', 'é', '中', '😀', '\uD800', 'x\uDC00y', '\uD83D', 'a😀中é\uD800😀'.repeat(7), ...long]) {
      expect(estimateTokens(text)).toBe(Math.ceil(encoder.encode(text).length / 3));
    }
  });
});


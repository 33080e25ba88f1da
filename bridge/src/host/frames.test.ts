import { describe, expect, it } from 'vitest';
import { FrameDecoder, MAX_HOST_TO_BROWSER_BYTES, encodeForBrowser, encodeFrame } from './frames';

function header(length: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(length, 0);
  return b;
}

describe('native messaging frames', () => {
  it('round-trips a message split at every byte boundary', () => {
    const frame = encodeFrame({ type: 'call', text: 'Grüße 中文 😀' });
    for (let cut = 0; cut <= frame.length; cut++) {
      const decoder = new FrameDecoder();
      const got = [...decoder.push(frame.subarray(0, cut)), ...decoder.push(frame.subarray(cut))];
      expect(got).toEqual([{ kind: 'message', message: { type: 'call', text: 'Grüße 中文 😀' } }]);
    }
  });

  it('decodes several frames from one chunk', () => {
    const decoder = new FrameDecoder();
    const got = decoder.push(Buffer.concat([encodeFrame({ a: 1 }), encodeFrame({ b: 2 })]));
    expect(got.map((f) => f.kind === 'message' && f.message)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('reports a body that is not JSON and keeps decoding', () => {
    const decoder = new FrameDecoder();
    const bad = Buffer.concat([header(3), Buffer.from('{x}')]);
    const got = decoder.push(Buffer.concat([bad, encodeFrame({ ok: true })]));
    expect(got[0]).toEqual({ kind: 'malformed', reason: 'frame body is not JSON' });
    expect(got[1]).toEqual({ kind: 'message', message: { ok: true } });
  });

  it('skips an oversized frame across chunks and stays in sync', () => {
    const decoder = new FrameDecoder(16);
    const first = decoder.push(Buffer.concat([header(40), Buffer.alloc(10, 0x61)]));
    expect(first).toHaveLength(1);
    expect(first[0]?.kind).toBe('malformed');
    expect(decoder.push(Buffer.alloc(20, 0x61))).toEqual([]);
    const rest = decoder.push(Buffer.concat([Buffer.alloc(10, 0x61), encodeFrame({ after: 1 })]));
    expect(rest).toEqual([{ kind: 'message', message: { after: 1 } }]);
  });

  it('chunks host->browser messages over 1 MB and every frame stays under the limit', () => {
    const big = { type: 'result', text: 'é'.repeat(1_500_000) };
    const frames = encodeForBrowser(big, () => 'k1');
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) expect(f.length).toBeLessThanOrEqual(MAX_HOST_TO_BROWSER_BYTES);
    const decoder = new FrameDecoder();
    const parts = frames.flatMap((f) => decoder.push(f)).map((d) => (d.kind === 'message' ? d.message : null)) as {
      seq: number;
      total: number;
      data: string;
    }[];
    const bytes = Buffer.concat(parts.sort((a, b) => a.seq - b.seq).map((p) => Buffer.from(p.data, 'base64')));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(big);
  });

  it('sends small messages as one frame', () => {
    expect(encodeForBrowser({ a: 1 }, () => 'x')).toHaveLength(1);
  });
});

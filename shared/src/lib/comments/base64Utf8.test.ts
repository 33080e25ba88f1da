import { describe, expect, it } from 'vitest';
import { base64Utf8, utf8Bytes } from './base64Utf8';
import { decodeListCursor, encodeListCursor } from './listCursor';

describe('base64Utf8', () => {
  it('encodes the UTF-8 bytes with padding (RFC 4648 vectors and non-ASCII)', () => {
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(base64Utf8)).toEqual(['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy']);
    expect(base64Utf8('é漢😀\u0001')).toBe('w6nmvKLwn5iAAQ==');
    expect([...utf8Bytes('\ud800')]).toEqual([0xef, 0xbf, 0xbd]);
  });
});

describe('list cursor', () => {
  it('round-trips and is tied to its document', () => {
    const cursor = encodeListCursor('/a.md', { thread: 'cmt-000000000001', reply: 12 });
    expect(decodeListCursor('/a.md', cursor)).toEqual({ ok: true, position: { thread: 'cmt-000000000001', reply: 12 } });
    expect(decodeListCursor('/b.md', cursor)).toEqual({ ok: false, reason: 'other-document' });
    expect(decodeListCursor('/a.md', 'c1.zz.cmt-000000000001.1')).toEqual({ ok: false, reason: 'malformed' });
  });
});

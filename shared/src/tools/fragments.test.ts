import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './fragments';

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes like an encoder would', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('中文')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('\uD800')).toBe(3);
  });
});

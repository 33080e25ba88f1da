import { describe, expect, it } from 'vitest';
import { LineBreakOffsets } from './lineBreakOffsets';

describe('LineBreakOffsets', () => {
  it('is the identity for LF documents', () => {
    const map = new LineBreakOffsets('a\nb\nc', '\n');
    expect([0, 2, 4].map((o) => map.toEditor(o))).toEqual([0, 2, 4]);
    expect(map.toText(4)).toBe(4);
  });

  it('counts CRLF as one editor position, both ways', () => {
    const text = 'ab\r\ncd\r\nef';
    const map = new LineBreakOffsets(text, '\r\n');
    // "c" is at offset 4 in the string and at position 3 in the editor (ab + one break)
    expect(map.toEditor(text.indexOf('c'))).toBe(3);
    expect(map.toEditor(text.indexOf('e'))).toBe(6);
    expect(map.toText(3)).toBe(4);
    expect(map.toText(6)).toBe(8);
    for (let offset = 0; offset <= text.length; offset++) {
      if (text[offset - 1] === '\r') continue;
      expect(map.toText(map.toEditor(offset))).toBe(offset);
    }
  });
});

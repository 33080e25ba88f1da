import { describe, expect, it } from 'vitest';
import { DEFAULT_CJK_FORMAT_SETTINGS } from './cjkFormatSettings';
import { findProtectedSpans } from './protectedSpans';
import type { CjkTransformKind } from './rewriteMarkdown';
import { transformWithIntegrity } from './transformWithIntegrity';

/** mulberry32: a tiny seeded PRNG, so every run generates the same documents. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Prose, punctuation, markdown syntax and protected constructs, glued together at random.
const FRAGMENTS = [
  '中文', '日本語', 'カタカナ', '한국어', 'abc', 'Vue3', '123', '3.14', ' ', '  ', '\t', ',', '.', '!', '?', ':', ';',
  '(', ')', '（', '）', '"', "'", '“', '”', '--', '——', '...', '. . .', '/', ' / ', '%', '℃', '¥', '$', '-', 'USD',
  '１２', 'Ａ', '[', ']', '**', '_', '~~', '|', '\n', '\n', '\n\n', '\n\n\n', '- ', '1. ', '# ', '> ', '    ',
  '`code`', '`', '$x$', '$$', 'https://a.com/x', 'a@b.org', '[链接](http://b.com)', '![图](c.png)', '<b>', '</b>',
  '&amp;', '[^1]', ':smile:', '\\,', '```\n', '<!-- c -->',
];

function generateDocument(random: () => number): string {
  let doc = '';
  const length = 1 + Math.floor(random() * 30);
  for (let i = 0; i < length; i++) doc += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
  return doc;
}

const protectedTexts = (text: string) => {
  const lf = text.replace(/\r\n/g, '\n');
  return findProtectedSpans(lf).map((span) => lf.slice(span.start, span.end));
};

describe('document.transform generated documents', () => {
  it.each([
    ['DOC-TRF-01', 'cjk-format', 11],
    ['DOC-TRF-02', 'cjk-spacing', 12],
    ['DOC-TRF-03', 'cjk-punctuation', 13],
  ] as const)('document.transform %s %s keeps structure, is idempotent and CRLF-neutral', (_id, kind: CjkTransformKind, seed) => {
    const random = prng(seed);
    let changed = 0;
    for (let i = 0; i < 1500; i++) {
      const doc = generateDocument(random);
      const once = transformWithIntegrity(kind, doc, DEFAULT_CJK_FORMAT_SETTINGS);
      expect(once.integrityFailed, JSON.stringify(doc)).toBe(false);
      expect(protectedTexts(once.text), JSON.stringify(doc)).toEqual(protectedTexts(doc));
      expect(transformWithIntegrity(kind, once.text, DEFAULT_CJK_FORMAT_SETTINGS).changed, JSON.stringify(doc)).toBe(false);
      const crlf = transformWithIntegrity(kind, doc.replace(/\n/g, '\r\n'), DEFAULT_CJK_FORMAT_SETTINGS);
      expect(crlf.text, JSON.stringify(doc)).toBe(once.text.replace(/\n/g, '\r\n'));
      if (once.changed) changed++;
    }
    expect(changed).toBeGreaterThan(100);
  });
});

import { describe, expect, test } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { markdownSchema } from '../schema';
import { serializeMarkdown } from '../markdown/serialize';
import { parseMarkdown } from '../markdown/parse';
import { opensProgressively, ProgressiveOpen } from './progressiveOpen';

function largeDoc(eol = '\n'): string {
  const lines = ['Intro [ref].', ''];
  for (let n = 0; n < 400; n++) lines.push(`## Section ${n}`, '', `Text ${n} with *em*.`, '', `- a${n}`, '');
  lines.push('[ref]: https://example.com', '');
  return lines.join(eol);
}

describe('progressive open', () => {
  test('only documents over 1,000 lines or 64 KB open progressively', () => {
    expect(opensProgressively('a\n'.repeat(999))).toBe(false);
    expect(opensProgressively('a\n'.repeat(1000))).toBe(true);
    expect(opensProgressively('a'.repeat(64 * 1024 + 1))).toBe(true);
  });

  test.each([['LF', '\n'], ['CRLF', '\r\n']])('the first screen is parsed, the rest are placeholders holding the exact source (%s)', (_name, eol) => {
    const source = largeDoc(eol);
    const doc = new ProgressiveOpen(source, () => undefined).initialDoc();
    const content = doc.content ?? [];
    const placeholders = content.filter((node: JSONContent) => node.type === 'unparsedSource');
    expect(placeholders.length).toBeGreaterThan(10);
    expect(content[0]!.type).toBe('paragraph');
    const firstStart = Number(placeholders[0]!.attrs!.start);
    // nothing of the text is lost: the parsed part then every placeholder's bytes
    expect(source.slice(0, firstStart) + placeholders.map((node) => String(node.attrs!.raw)).join('')).toBe(source);
    expect(placeholders.every((node) => source.startsWith(String(node.attrs!.raw), Number(node.attrs!.start)))).toBe(true);
  });

  test('a placeholder serialises to its source byte for byte', () => {
    const raw = '## Later\r\n\r\nText with [ref] and  spaces\r\n';
    const schema = markdownSchema();
    const doc = schema.nodes.doc!.create(null, [schema.nodes.unparsedSource!.create({ raw, start: 0, lines: 3 })]);
    expect(serializeMarkdown(doc)).toBe(`${raw}\n`);
    const parsed = parseMarkdown('Intro.\n');
    const withParagraph = schema.nodes.doc!.create(null, [parsed.root.children![0]!.node, schema.nodes.unparsedSource!.create({ raw, start: 8, lines: 3 })]);
    expect(serializeMarkdown(withParagraph, parsed)).toContain(raw);
  });

  test('complete() without an editor gives the parse of the whole text', () => {
    const source = largeDoc();
    const parse = new ProgressiveOpen(source, () => undefined);
    parse.initialDoc();
    const result = parse.complete();
    expect(result.root.node.toJSON()).toEqual(parseMarkdown(source).root.node.toJSON());
  });
});

import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parseMarkdown } from '../markdown/parse';
import type { ParsedDoc, SourceBlock } from '../markdown/types';
import { allBlocks, fixtureNames, readFixture } from '../markdown/testing/markdownFixtures';
import { ChunkedParse } from './chunkedParse';
import { splitChunks } from './chunks';

function ranges(root: SourceBlock): string[] {
  return allBlocks(root).map((block) => `${block.node.type.name}@${block.start}-${block.end}`);
}

/** Parsed chunk by chunk in the given order, then completed. */
function chunked(source: string, minLines: number, order: 'forward' | 'backward' = 'forward'): { parse: ChunkedParse; result: ParsedDoc } {
  const parse = new ChunkedParse(source, minLines);
  if (order === 'backward') {
    for (let index = parse.chunkRanges().length - 1; index >= 0; index--) {
      if (index < parse.chunkRanges().length) parse.parse(index);
    }
  }
  return { parse, result: parse.result() };
}

function expectSameParse(source: string, minLines = 1, order: 'forward' | 'backward' = 'forward'): ChunkedParse {
  const whole = parseMarkdown(source);
  const { parse, result } = chunked(source, minLines, order);
  expect(ranges(result.root)).toEqual(ranges(whole.root));
  expect(result.root.node.toJSON()).toEqual(whole.root.node.toJSON());
  expect(result.doc).toEqual(whole.doc);
  expect(result.conventions).toEqual(whole.conventions);
  expect(result.lineEnding).toBe(whole.lineEnding);
  expect(result.finalNewline).toBe(whole.finalNewline);
  return parse;
}

describe('splitChunks', () => {
  test('cuts before a column-0 ATX heading after a blank line, nowhere else', () => {
    const text = '# a\n\ntext\n# b\n\n## c\n\n  # d\n\n#e\n';
    expect(splitChunks(text).map((chunk) => text.slice(chunk.start, chunk.end))).toEqual(['# a\n\ntext\n# b\n\n', '## c\n\n  # d\n\n#e\n']);
  });

  test('not inside fenced code, math, HTML comments or front matter', () => {
    const text = '---\ntitle: x\n\n# yaml comment\n---\n\n```\n\n# code\n```\n\n$$\n\n# math\n$$\n\n<!--\n\n# comment\n-->\n\n# real\n';
    const chunks = splitChunks(text);
    expect(chunks.map((chunk) => text.slice(chunk.start, chunk.end).split('\n')[0])).toEqual(['---', '# real']);
  });

  test('chunks cover the text without gaps and keep a minimum length', () => {
    const text = Array.from({ length: 30 }, (_, index) => `# h${index}\n\npara ${index}\n`).join('\n');
    const chunks = splitChunks(text, 10);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks[chunks.length - 1]!.end).toBe(text.length);
    chunks.forEach((chunk, index) => index > 0 && expect(chunk.start).toBe(chunks[index - 1]!.end));
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.slice(0, -1).every((chunk) => text.slice(chunk.start, chunk.end).split('\n').length > 10)).toBe(true);
  });
});

describe('a chunked parse gives the blocks and ranges of one parse', () => {
  test.each(fixtureNames)('%s', (name) => {
    expectSameParse(readFixture(name), 4);
  });

  test('references resolve against definitions in other chunks (before and after), the first definition wins', () => {
    const source = '# one\n\nSee [a] and [b][] and [^n] and ![img][a].\n\n# two\n\n[a]: /first "T"\n\n# three\n\n[a]: /second\n> [b]: /in-quote\n\n[^n]: A note.\n\n# four\n\n[a] again, [c] undefined.\n';
    const parse = expectSameParse(source);
    expect(parse.chunkRanges().length).toBe(4);
  });

  test('a footnote definition that interrupts a paragraph in a later chunk still defines its label', () => {
    // unlike a link definition, a GFM footnote definition needs no blank line before it
    expectSameParse('A paragraph with [^fn].\n\n# Heading\nLazy line\n[^fn]: Footnote text.\n# Heading\n');
    expectSameParse('See [^q].\n\n# a\n\n> quoted\n> [^q]: In a quote.\n');
  });

  test('a definition inside an HTML block, or after a paragraph line, defines nothing', () => {
    expectSameParse('Text [^fn] [ref].\n\n# a\n\n<div>\n[^fn]: Inside the block.\n# Heading\n[ref]: /url\n');
    expectSameParse('> quote [ref]\n<!--\n\n# Heading\n\n[ref]: /url "Title"\n-->\n# Heading\n');
    expectSameParse('1. ordered [other]\n\n    indented code\n[other]: <x y>\n\n# Heading\n');
    // a closing tag after a setext heading opens an HTML block (kind 7, which only a paragraph would have refused) that runs on over the headings to the next blank line
    expectSameParse('A paragraph with [ref] and [other][] and [^fn].\n===\n</script>\n# Heading\n[ref]: /url "Title"\n# Heading\n');
    expectSameParse('Para [ref].\n\n| a | b |\n| - | - |\n<span>\n# Heading\n[ref]: /url\n');
    // after a paragraph line the same tag is the paragraph's: the definition after the heading counts
    expectSameParse('Para [ref].\n</script>\n# Heading\n[ref]: /url\n');
  });

  test('a definition right after indented code, a setext heading or a table defines; one inside a list item decides by the item', () => {
    expectSameParse('    indented code\n[other]: <x y>\n\n# Heading\n- item\n[other]: <x y>\n# Heading\n');
    expectSameParse('    indented code\n[other]: <x y>\n\n# Heading\n- item\n[other]: <x y>\n# Heading\n', 1, 'backward');
    expectSameParse('Setext\n===\n[ref]: /url\n\n# Heading\n\nA paragraph with [ref] and [other][].\n');
    expectSameParse('| a | b |\n| - | - |\n[ref]: /url\n\n# Heading\n\nA paragraph with [ref].\n');
    expectSameParse('- item\n\n    [ref]: /url\n\n# Heading\n\nA paragraph with [ref].\n');
    expectSameParse('[ref]: /first\n\n# Heading\n\n    code\n[ref]: /second\n\n# Heading\n\nA paragraph with [ref].\n');
  });

  test('a chunk whose parse runs past its end (an unclosed fence the scan missed) is joined with the next', () => {
    // the fence opens after a list marker, which the scan does not see; its closer is at column 0
    const source = '# a\n\n- item\n\n  ```\n  code\n\n# b\n\n```\n\n# inside\n```\n\nend\n';
    expectSameParse(source);
  });

  test('front matter, a byte order mark and CRLF line endings', () => {
    expectSameParse('\uFEFF---\r\ntitle: x\r\n---\r\n\r\n# a\r\n\r\ntext [r]\r\n\r\n# b\r\n\r\n[r]: /u\r\n');
  });

  test('an unclosed fence at the very end', () => {
    expectSameParse('# a\n\ntext\n\n# b\n\n```js\n\n# not a heading\n');
  });

  const line = fc.constantFrom(
    '# Heading',
    '## Sub *heading*',
    'A paragraph with [ref] and [other][] and [^fn].',
    'Lazy line with `code` and **bold**',
    '[ref]: /url "Title"',
    '[other]: <x y>',
    '[^fn]: Footnote text.',
    '    indented code',
    '- item',
    '1. ordered',
    '  continued',
    '> quote [ref]',
    '> [quoted]: /q',
    '| a | b |',
    '| - | - |',
    '```',
    '~~~ js',
    '$$',
    '<!--',
    '-->',
    '<div>',
    '<script>',
    '</script>',
    '---',
    '***',
    'Setext',
    '===',
    '',
    '',
    '',
  );

  test('property: any order of parsing chunks gives the one parse', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), fc.boolean(), fc.constantFrom(1, 3), (lines, backward, minLines) => {
        expectSameParse(`${lines.join('\n')}\n`, minLines, backward ? 'backward' : 'forward');
      }),
      { numRuns: 200 },
    );
  });
});

import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './parse';
import { serializeMarkdown } from './serialize';

function marksOf(source: string): Array<[string, string[]]> {
  const paragraph = parseMarkdown(source).doc.content?.[0];
  return (paragraph?.content ?? []).map((node) => [node.text ?? '', (node.marks ?? []).map((mark) => mark.type)]);
}

function rewritten(source: string): string {
  const parsed = parseMarkdown(source);
  return serializeMarkdown(parsed.doc, parsed, { reuseSource: false });
}

describe('emphasis next to CJK text and punctuation', () => {
  test.each([
    ['**中文**，后面', [['中文', ['bold']], ['，后面', []]]],
    ['中文**强调**中文', [['中文', []], ['强调', ['bold']], ['中文', []]]],
    ['日本語の*斜体*です', [['日本語の', []], ['斜体', ['italic']], ['です', []]]],
    ['한국어 **강조** 문장', [['한국어 ', []], ['강조', ['bold']], [' 문장', []]]],
  ] as const)('%s parses as emphasis and is written back unchanged', (source, expected) => {
    expect(marksOf(`${source}\n`)).toEqual(expected);
    expect(rewritten(`${source}\n`)).toBe(`${source}\n`);
  });

  test('delimiters that CommonMark does not pair stay literal and are not escaped', () => {
    // `**` after `。` and before a letter cannot close (CommonMark flanking rules).
    expect(marksOf('中文**强调。**文字\n')).toEqual([['中文**强调。**文字', []]]);
    expect(rewritten('中文**强调。**文字\n')).toBe('中文**强调。**文字\n');
  });

  test('bold that ends in CJK punctuation is written so that it still parses as bold', () => {
    const parsed = parseMarkdown('x\n');
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '中文' },
            { type: 'text', text: '强调。', marks: [{ type: 'bold' }] },
            { type: 'text', text: '文字' },
          ],
        },
      ],
    };
    const markdown = serializeMarkdown(doc, parsed);
    expect(marksOf(markdown)).toEqual([
      ['中文', []],
      ['强调。', ['bold']],
      ['文字', []],
    ]);
  });
});

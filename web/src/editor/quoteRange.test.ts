import { describe, expect, test } from 'vitest';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markdownSchema } from './schema';
import { parseMarkdown } from './markdown';
import { quoteRange, visibleText } from './quoteRange';

const docOf = (markdown: string) => ProseMirrorNode.fromJSON(markdownSchema(), parseMarkdown(markdown).doc);

function highlighted(markdown: string, quote: string, start = markdown.indexOf(quote)): string | null {
  const doc = docOf(markdown);
  const range = quoteRange(doc, markdown, quote, start);
  return range && doc.textBetween(range.from, range.to, '\n');
}

describe('quoteRange', () => {
  test('finds plain text inside a paragraph', () => {
    expect(highlighted('# Title\n\nThe quick brown fox.\n', 'quick brown')).toBe('quick brown');
  });

  test('takes the copy the anchor names when the quote repeats', () => {
    const markdown = 'fox one\n\nfox two\n\nfox three\n';
    const doc = docOf(markdown);
    const second = quoteRange(doc, markdown, 'fox', markdown.indexOf('fox two'));
    const first = quoteRange(doc, markdown, 'fox', 0);
    expect(second && first && second.from > first.from).toBe(true);
    expect(second && doc.textBetween(second.from, second.to + 4)).toBe('fox two');
  });

  test('a quote with emphasis, a link or a block break is found by its visible text', () => {
    expect(highlighted('Some **bold** words.\n', '**bold** words')).toBe('bold words');
    expect(highlighted('See [the docs](https://x.y) now.\n', '[the docs](https://x.y) now')).toBe('the docs now');
    expect(highlighted('First para.\n\nSecond para.\n', 'para.\n\nSecond')).toBe('para.\nSecond');
  });

  test('a quote that is not in the document has no range', () => {
    expect(highlighted('Only this.\n', 'missing', 0)).toBeNull();
  });

  test('visibleText drops markup and folds whitespace', () => {
    expect(visibleText('## A *b* `c`\n\n- d')).toBe('A b c d');
  });
});

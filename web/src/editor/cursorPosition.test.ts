import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdown';
import { markdownSchema } from './schema';
import { linesOfOffsets, wysiwygLineColumn } from './cursorPosition';

const at = (markdown: string, text: string, offset = 0) => {
  const parsed = parseMarkdown(markdown);
  const doc = markdownSchema().nodeFromJSON(parsed.doc);
  let found = -1;
  doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text!.includes(text)) found = pos + node.text!.indexOf(text) + offset;
    return found < 0;
  });
  return wysiwygLineColumn(doc, found, linesOfOffsets(markdown, parsed.root.children!.map((block) => block.start)));
};

describe('Ln/Col of the WYSIWYG cursor', () => {
  const markdown = '# Title\n\nFirst line\nsecond line.\n\n\n- item one\n- item two\n';
  it('counts the source line of the block and the soft breaks before the cursor', () => {
    expect(at(markdown, 'Title')).toEqual({ line: 1, column: 1 });
    expect(at(markdown, 'line\nsecond')).toEqual({ line: 3, column: 7 });
    expect(at(markdown, 'second', 3)).toEqual({ line: 4, column: 4 });
    expect(at(markdown, 'item one')).toEqual({ line: 7, column: 1 });
    expect(at(markdown, 'item two', 5)).toEqual({ line: 8, column: 6 });
  });
});

import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { footnoteDecorations } from './footnotes';

const drawn = (markdown: string) => {
  const doc = markdownSchema().nodeFromJSON(parseMarkdown(markdown).doc);
  return footnoteDecorations(doc)
    .find()
    .map((decoration) => {
      const spec = decoration.spec as { footnote?: number; occurrence?: number };
      const attrs = (decoration as unknown as { type: { attrs?: Record<string, string> } }).type.attrs;
      if (spec.footnote !== undefined) return `ref ${doc.nodeAt(decoration.from)!.attrs.label}=${spec.footnote} #${spec.occurrence}`;
      return `def ${doc.nodeAt(decoration.from)!.attrs.label}=${attrs?.['data-number']}`;
    });
};

describe('footnotes numbered like GitHub', () => {
  it('references are numbered in order of first reference and counted for their back-links, definitions alike; labels stay in the source', () => {
    const markdown = 'B first[^bee], then A[^a], B again[^bee].\n\n[^a]: About A.\n\n[^bee]: About B.\n\n[^unused]: Never referenced.\n';
    expect(drawn(markdown).sort()).toEqual([
      'def a=2',
      'def bee=1',
      'ref a=2 #1',
      'ref bee=1 #1',
      'ref bee=1 #2',
    ]);
  });
});

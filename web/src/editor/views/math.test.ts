import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { loadKatex, renderTex } from './katexLoader';

/** What the math node views do on typing: set `latex` of the node at `pos`, nothing else. */
function editLatex(source: string, typeName: string, latex: string): string {
  const parsed = parseMarkdown(source);
  const state = EditorState.create({ doc: markdownSchema().nodeFromJSON(parsed.doc) });
  let target = -1;
  state.doc.descendants((node, pos) => {
    if (target < 0 && node.type.name === typeName) target = pos;
  });
  const edited = state.apply(state.tr.setNodeAttribute(target, 'latex', latex));
  return serializeMarkdown(edited.doc, parsed);
}

describe('math rendering', () => {
  it('typesets TeX with KaTeX', async () => {
    const result = renderTex(await loadKatex(), '\\frac{a}{b}', true);
    expect('html' in result && result.html).toContain('katex-display');
  });

  it('gives KaTeX’s message for invalid TeX instead of throwing', async () => {
    const result = renderTex(await loadKatex(), '\\frac{a', false);
    expect('error' in result && result.error).toMatch(/KaTeX parse error/);
  });

  it('editing block TeX rewrites only that block', () => {
    const source = 'Intro  \r\ntext\r\n\r\n$$\r\nx^2\r\n$$\r\n\r\n* item $y$\r\n';
    expect(editLatex(source, 'blockMath', 'x^3')).toBe('Intro  \r\ntext\r\n\r\n$$\r\nx^3\r\n$$\r\n\r\n* item $y$\r\n');
  });

  it('editing inline TeX rewrites only its paragraph', () => {
    const source = '$$\na\n$$\n\nSee $y$ here.\n\n* star\n';
    expect(editLatex(source, 'inlineMath', 'z_1')).toBe('$$\na\n$$\n\nSee $z_1$ here.\n\n* star\n');
  });
});

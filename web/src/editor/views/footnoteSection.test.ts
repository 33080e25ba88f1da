import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { drawSection, footnotesOf, nextSection, sectionKey } from './footnoteSection';

const docOf = (markdown: string) => markdownSchema().nodeFromJSON(parseMarkdown(markdown).doc);
const listed = (markdown: string) => footnotesOf(docOf(markdown)).map(({ label, number, references, definition }) => `${number}. ${label} ×${references}: ${definition.textContent}`);

describe("GitHub's footnotes section", () => {
  it('lists the referenced definitions in order of first reference, each with one back-link per reference', () => {
    const markdown = 'B first[^bee], then A[^a], B again[^bee].\n\n[^a]: About A.\n\n[^bee]: About B.\n';
    expect(listed(markdown)).toEqual(['1. bee ×2: About B.', '2. a ×1: About A.']);
  });

  it('leaves out a definition never referenced, as GitHub does; the first of two definitions of a label wins', () => {
    const markdown = 'One[^x].\n\n[^unused]: Never referenced.\n\n[^x]: The first x.\n\n[^X]: A second x.\n';
    expect(listed(markdown)).toEqual(['1. x ×1: The first x.']);
    expect(listed('[^alone]: Nothing refers to me.\n')).toEqual([]);
  });

  it('a reference inside a definition is numbered where it stands', () => {
    expect(listed('A[^a].\n\n[^a]: See also[^b].\n\n[^b]: B.\n')).toEqual(['1. a ×1: See also.', '2. b ×1: B.']);
  });

  it('a keystroke in a 10k-line document away from the footnotes keeps the section as drawn; an edit of a definition redraws it', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => (i === 3 ? 'Noted[^n].' : i % 7 === 0 ? '' : `Line ${i}.`));
    const markdown = `${lines.join('\n')}\n\n[^n]: The note.\n`;
    const doc = docOf(markdown);
    const state = EditorState.create({ doc });
    const section = drawSection(doc);
    const key = sectionKey(section.footnotes);

    const middle = doc.resolve(Math.floor(doc.content.size / 2));
    const typed = nextSection(section, state.tr.insertText('x', middle.parent.isTextblock ? middle.pos : middle.pos + 2));
    expect(typed.footnotes).toBe(section.footnotes); // not even looked at again

    let definitionText = 0;
    doc.descendants((node, pos) => {
      if (node.type.name === 'footnoteDefinition') definitionText = pos + 2;
      return !node.isTextblock;
    });
    const edited = nextSection(section, state.tr.insertText('Really: ', definitionText));
    expect(edited.footnotes).not.toBe(section.footnotes);
    expect(sectionKey(edited.footnotes)).not.toBe(key);
    expect(edited.footnotes.map((footnote) => footnote.definition.textContent)).toEqual(['Really: The note.']);

    const unchanged = nextSection(section, state.tr.insertText('', definitionText));
    expect(sectionKey(unchanged.footnotes)).toBe(key); // same content, same key: the widget keeps its DOM
  });

  it('removing the only reference empties the section', () => {
    const doc = docOf('Noted[^n].\n\nMore.\n\n[^n]: The note.\n');
    const state = EditorState.create({ doc });
    let reference = 0;
    doc.descendants((node, pos) => {
      if (node.type.name === 'footnoteReference') reference = pos;
    });
    const after = nextSection(drawSection(doc), state.tr.delete(reference, reference + 1));
    expect(after.footnotes).toEqual([]);
  });
});

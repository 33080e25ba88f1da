import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { describe, expect, test } from 'vitest';
import { getSchema } from '@tiptap/core';
import { editorExtensions, markdownSchema } from '../schema';
import { parseMarkdown } from './parse';
import { serializeMarkdown } from './serialize';
import { allBlocks, appendText, parsesTo, replaceBlock } from './testing/markdownFixtures';
import type { ParsedDoc, SourceBlock } from './types';

const schema = markdownSchema();
const paragraph = (text: string) => schema.nodes.paragraph!.create(null, text ? schema.text(text) : null);

function blockOf(parsed: ParsedDoc, type: string, index = 0): SourceBlock {
  const block = allBlocks(parsed.root).filter((candidate) => candidate.node.type.name === type)[index];
  if (!block) throw new Error(`no ${type} #${index}`);
  return block;
}

/** Parses `source`, applies `edit` to the document and writes it back. */
function edit(source: string, change: (parsed: ParsedDoc) => ProseMirrorNode): { parsed: ParsedDoc; output: string } {
  const parsed = parseMarkdown(source);
  const doc = change(parsed);
  const output = serializeMarkdown(doc, parsed);
  expect(parsesTo(output, doc)).toBe(true);
  return { parsed, output };
}

function positionOf(doc: ProseMirrorNode, target: ProseMirrorNode): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (node === target) found = pos;
    return found < 0;
  });
  return found;
}

describe('line endings and the end of the file', () => {
  test('a rewritten block uses the CRLF line endings of the document', () => {
    const { output } = edit('# T\r\n\r\none\r\ntwo\r\n\r\nend\r\n', (p) => appendText(p, blockOf(p, 'paragraph'), ' more'));
    expect(output).toBe('# T\r\n\r\none\r\ntwo more\r\n\r\nend\r\n');
  });

  test('a missing final newline stays missing', () => {
    const { output } = edit('a\n\nlast', (p) => appendText(p, blockOf(p, 'paragraph', 1), '!'));
    expect(output).toBe('a\n\nlast!');
  });

  test('an empty file and a whitespace-only file come back as they were', () => {
    for (const source of ['', '\n\n  \n']) {
      const parsed = parseMarkdown(source);
      expect(serializeMarkdown(parsed.doc, parsed)).toBe(source);
    }
  });

  test("the empty paragraph Tiptap's TrailingNode adds at the end is not written", () => {
    const parsed = parseMarkdown('- a\n- b\n');
    const doc = { ...parsed.doc, content: [...(parsed.doc.content ?? []), { type: 'paragraph' }] };
    expect(serializeMarkdown(doc, parsed)).toBe('- a\n- b\n');
  });

  test('an edit made on the JSON document (as the editor hands it over) is written back', () => {
    const parsed = parseMarkdown('# T\n\nold text\n\n* keep *this*\n');
    const doc = structuredClone(parsed.doc);
    doc.content![1]!.content = [{ type: 'text', text: 'new text' }];
    expect(serializeMarkdown(doc, parsed)).toBe('# T\n\nnew text\n\n* keep *this*\n');
  });

  test("a document built on the editor's own schema instance is matched by content", () => {
    const editorSchema = getSchema(editorExtensions());
    const source = '# T\n\n* a\n* b\n\ntext\n';
    const parsed = parseMarkdown(source);
    const doc = editorSchema.nodeFromJSON(parsed.doc);
    expect(serializeMarkdown(doc, parsed)).toBe(source);
    const list = doc.child(1);
    const end = doc.child(0).nodeSize + list.nodeSize - 1;
    const edited = new Transform(doc).insert(end, editorSchema.nodes.listItem!.create(null, editorSchema.nodes.paragraph!.create(null, editorSchema.text('c')))).doc;
    expect(serializeMarkdown(edited, parsed)).toBe('# T\n\n* a\n* b\n* c\n\ntext\n');
  });

  test('a document without a source is written with a final newline', () => {
    const doc = schema.nodes.doc!.create(null, [paragraph('Hello'), paragraph(''), paragraph('World')]);
    expect(serializeMarkdown(doc)).toBe('Hello\n\nWorld\n');
  });
});

describe('an edited block keeps how it was written', () => {
  test('emphasis markers, setext headings and two-space hard breaks', () => {
    const source = 'Title\n=====\n\nSome _em_ and __strong__ and a break  \nhere.\n';
    const { output } = edit(source, (p) => appendText(p, blockOf(p, 'heading'), ' 2'));
    expect(output).toBe('Title 2\n=======\n\nSome _em_ and __strong__ and a break  \nhere.\n');
    const second = edit(source, (p) => appendText(p, blockOf(p, 'paragraph'), ' Done.'));
    expect(second.output).toBe('Title\n=====\n\nSome _em_ and __strong__ and a break  \nhere. Done.\n');
  });

  test('reference links stay references while their definition is unchanged', () => {
    const source = 'See [the docs][docs] and [FAQ][].\n\n[docs]: https://example.com "Docs"\n[faq]: /faq\n';
    const { output } = edit(source, (p) => appendText(p, blockOf(p, 'paragraph'), ' Thanks'));
    expect(output).toBe('See [the docs][docs] and [FAQ][]. Thanks\n\n[docs]: https://example.com "Docs"\n[faq]: /faq\n');
  });

  test('characters remark would escape stay unescaped where they cannot start markup', () => {
    const source = '2 * 3 * 4 = 24, snake_case, 中文**强调。**文字\n';
    const { output } = edit(source, (p) => appendText(p, blockOf(p, 'paragraph'), '!'));
    expect(output).toBe('2 * 3 * 4 = 24, snake_case, 中文**强调。**文字!\n');
  });

  test('inline HTML, math, footnote calls and bare URLs survive an edit', () => {
    const source = 'Press <kbd>Ctrl</kbd>, see $x^2$ and[^n] https://example.com/a_b\n\n[^n]: Note.\n';
    const { output } = edit(source, (p) => appendText(p, blockOf(p, 'paragraph'), ' ok'));
    expect(output).toBe('Press <kbd>Ctrl</kbd>, see $x^2$ and[^n] https://example.com/a_b ok\n\n[^n]: Note.\n');
  });
});

describe('lists', () => {
  test('toggling a task changes only its checkbox', () => {
    const source = '* [ ] one\n* [x] two\n';
    const { output } = edit(source, (p) => {
      const item = blockOf(p, 'taskItem');
      return new Transform(p.root.node).setNodeMarkup(positionOf(p.root.node, item.node), null, {
        ...item.node.attrs,
        checked: true,
      }).doc;
    });
    expect(output).toBe('* [x] one\n* [x] two\n');
  });

  test('a new item takes the bullet, indentation and numbering of its list', () => {
    const bullet = edit('Intro\n\n  + a\n  + b\n', (p) => {
      const list = blockOf(p, 'bulletList');
      const end = positionOf(p.root.node, list.node) + list.node.nodeSize - 1;
      return new Transform(p.root.node).insert(end, schema.nodes.listItem!.create(null, paragraph('c'))).doc;
    });
    expect(bullet.output).toBe('Intro\n\n  + a\n  + b\n  + c\n');
    const ordered = edit('1) a\n2) b\n', (p) => {
      const list = blockOf(p, 'orderedList');
      const end = positionOf(p.root.node, list.node) + list.node.nodeSize - 1;
      return new Transform(p.root.node).insert(end, schema.nodes.listItem!.create(null, paragraph('c'))).doc;
    });
    expect(ordered.output).toBe('1) a\n2) b\n3) c\n');
  });

  test('editing one item of a long list leaves the other items alone', () => {
    const source = '- a\n-   b\n  continued\n- c\n\n  more c\n';
    const { output } = edit(source, (p) => appendText(p, blockOf(p, 'paragraph', 3), ' changed'));
    expect(output).toBe('- a\n-   b\n  continued\n- c\n\n  more c changed\n');
  });

  test('two lists that become neighbours stay two lists', () => {
    const source = '- a\n\ntext\n\n- b\n';
    const { output } = edit(source, (p) => replaceBlock(p, blockOf(p, 'paragraph', 1)));
    expect(output).toBe('- a\n\n* b\n');
  });
});

describe('blocks around the edit', () => {
  test('front matter is written back as raw text', () => {
    const source = '---\ntitle: A\n---\n\nBody\n';
    const { output } = edit(source, (p) => {
      const frontMatter = blockOf(p, 'frontMatter');
      return new Transform(p.root.node).setNodeMarkup(positionOf(p.root.node, frontMatter.node), null, {
        raw: '---\ntitle: B\n---',
      }).doc;
    });
    expect(output).toBe('---\ntitle: B\n---\n\nBody\n');
  });

  test('a table row edit keeps the other rows and the delimiter row', () => {
    const source = '| a   | b |\n|:----|--:|\n| 1   | 2 |\n| 3   | 4 |\n';
    const { output } = edit(source, (p) => {
      const row = blockOf(p, 'tableRow', 1);
      return appendText(p, { node: row.node.firstChild!.firstChild!, start: 0, end: 0 }, '0');
    });
    expect(output).toBe('| a   | b |\n|:----|--:|\n| 10 | 2 |\n| 3   | 4 |\n');
  });

  test('a new paragraph between two untouched blocks is separated by blank lines', () => {
    const source = '# A\n\n```mermaid\ngraph TD\n```\n';
    const { output } = edit(source, (p) => new Transform(p.root.node).insert(p.root.node.child(0).nodeSize, paragraph('New')).doc);
    expect(output).toBe('# A\n\nNew\n\n```mermaid\ngraph TD\n```\n');
  });
});

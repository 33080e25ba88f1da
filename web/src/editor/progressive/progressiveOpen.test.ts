import { afterEach, describe, expect, test } from 'vitest';
import type { Editor, JSONContent } from '@tiptap/core';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import { testFaults } from '../../lib/testFaults';
import { ChunkedParse } from './chunkedParse';
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

/** An editor over a real ProseMirror state, without a DOM: what ProgressiveOpen reads and dispatches. */
function stateEditor(doc: JSONContent): { editor: Editor; transactions: Transaction[]; listeners: Map<string, (event: Event) => void> } {
  const schema = markdownSchema();
  let state = EditorState.create({ doc: schema.nodeFromJSON(doc) });
  const transactions: Transaction[] = [];
  const listeners = new Map<string, (event: Event) => void>();
  const view = {
    dom: { addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener), removeEventListener: (type: string) => listeners.delete(type), isConnected: false },
    composing: false,
    get state() {
      return state;
    },
    dispatch(transaction: Transaction) {
      transactions.push(transaction);
      state = state.apply(transaction);
    },
  };
  const editor = {
    schema,
    view,
    isDestroyed: false,
    get state() {
      return state;
    },
  };
  return { editor: editor as unknown as Editor, transactions, listeners };
}

function placeholderCount(editor: Editor): number {
  let count = 0;
  editor.state.doc.forEach((node) => void (node.type.name === 'unparsedSource' && count++));
  return count;
}

function headings(editor: Editor): string[] {
  const found: string[] = [];
  editor.state.doc.forEach((node) => void (node.type.name === 'heading' && found.push(node.textContent)));
  return found;
}

describe('progressive open in an editor', () => {
  afterEach(() => {
    testFaults.progressiveOpen.holdBackground = false;
  });

  test('a kept parse re-opens progressively: the first screen, placeholders holding the exact source, then the kept parse itself, not parsed again', () => {
    const source = largeDoc();
    const kept = parseMarkdown(source);
    let completed: unknown;
    const open = ProgressiveOpen.ofParse(kept, (done) => (completed = done))!;
    const initial = open.initialDoc();
    const placeholders = (initial.content ?? []).filter((node) => node.type === 'unparsedSource');
    expect(placeholders.length).toBeGreaterThan(10);
    const firstStart = Number(placeholders[0]!.attrs!.start);
    expect(source.slice(0, firstStart) + placeholders.map((node) => String(node.attrs!.raw)).join('')).toBe(source);
    // the first screen's blocks are the kept parse's first blocks
    const shown = (initial.content ?? []).length - placeholders.length;
    expect(initial.content!.slice(0, shown)).toEqual(kept.doc.content!.slice(0, shown));

    testFaults.progressiveOpen.holdBackground = true;
    const { editor, transactions } = stateEditor(initial);
    open.start(editor);
    expect(open.complete()).toBe(kept);
    expect(completed).toBe(kept);
    expect(editor.state.doc.toJSON()).toEqual(kept.doc);
    expect(transactions.every((transaction) => transaction.getMeta('addToHistory') === false)).toBe(true);
  });

  test('a document of only front matter is not re-opened progressively (its parse adds a paragraph no source block stands for)', () => {
    expect(ProgressiveOpen.ofParse(parseMarkdown('---\ntitle: x\n---\n'), () => undefined)).toBeUndefined();
  });

  test.each([
    ['fresh', (source: string) => new ProgressiveOpen(source, () => undefined)],
    ['kept', (source: string) => ProgressiveOpen.ofParse(parseMarkdown(source), () => undefined)!],
  ])('a jump far ahead (%s) shows its target at once, the placeholders before it stay; the rest follows to the one parse', (_name, opened) => {
    const source = largeDoc();
    const open = opened(source);
    testFaults.progressiveOpen.holdBackground = true;
    const { editor } = stateEditor(open.initialDoc());
    open.start(editor);
    const before = placeholderCount(editor);
    expect(headings(editor)).not.toContain('Section 350');
    open.showAt(source.indexOf('## Section 350'));
    expect(headings(editor)).toContain('Section 350');
    expect(headings(editor)).not.toContain('Section 200');
    expect(placeholderCount(editor)).toBe(before - 1);
    open.complete();
    expect(placeholderCount(editor)).toBe(0);
    expect(editor.state.doc.toJSON()).toEqual(parseMarkdown(source).doc);
  });

  test('blocks shown ahead that an earlier chunk turns out to take in (a fence the chunk scan misread) are replaced, not doubled', () => {
    // the scan takes the list item's fence for a top-level one and cuts before "# inside"; one parse has "# inside" in a fence
    const source = '# top\n\ntext\n\n# a\n\n- item\n\n  ```\n  code\n\n# b\n\n```\n\n# inside\n```\n\nend\n';
    const open = new ProgressiveOpen(source, () => undefined, new ChunkedParse(source, 1), 1);
    testFaults.progressiveOpen.holdBackground = true;
    const { editor } = stateEditor(open.initialDoc());
    open.start(editor);
    open.showAt(source.indexOf('# inside'));
    expect(headings(editor)).toContain('inside');
    open.complete();
    expect(headings(editor)).not.toContain('inside');
    expect(editor.state.doc.toJSON()).toEqual(parseMarkdown(source).doc);
  });

  test('typing where blocks were shown ahead of order finishes the parse first', () => {
    const source = largeDoc();
    const open = new ProgressiveOpen(source, () => undefined);
    testFaults.progressiveOpen.holdBackground = true;
    const { editor, listeners } = stateEditor(open.initialDoc());
    open.start(editor);
    open.showAt(source.indexOf('## Section 350'));
    let inside = -1;
    editor.state.doc.forEach((node, offset) => void (node.textContent === 'Section 350' && (inside = offset + 1)));
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, inside)));
    listeners.get('keydown')!({ type: 'keydown', key: 'ArrowDown' } as KeyboardEvent);
    expect(placeholderCount(editor)).toBeGreaterThan(0);
    listeners.get('keydown')!({ type: 'keydown', key: 'x' } as KeyboardEvent);
    expect(placeholderCount(editor)).toBe(0);
    expect(editor.state.doc.toJSON()).toEqual(parseMarkdown(source).doc);
  });
});

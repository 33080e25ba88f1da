import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { detailsPlugin, detailsRanges, detailsState, initialDetails, isExpanded, nextDetails, toggleTransaction } from './details';

const docOf = (markdown: string) => markdownSchema().nodeFromJSON(parseMarkdown(markdown).doc);
const stateOf = (markdown: string) => EditorState.create({ doc: docOf(markdown), plugins: [detailsPlugin()] });

/** The top-level blocks hidden in `state`: their text, or an HTML block's source. */
function hidden(state: EditorState): string[] {
  return detailsState(state)!.set.find().map((decoration) => {
    const block = state.doc.nodeAt(decoration.from)!;
    return block.textContent || String(block.attrs.raw ?? '');
  });
}

function textAt(doc: ProseMirrorNode, text: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (node.isTextblock && node.textContent === text) found = pos + 1;
    return found < 0 && !node.isTextblock;
  });
  return found;
}

const README = ['# Title', '', '<details><summary>Table of contents</summary>', '', '- One', '- Two', '', 'Some text.', '', '</details>', '', 'After.', ''].join('\n');
const NESTED = ['<details><summary>Outer</summary>', '', 'Outer text.', '', '<details><summary>Inner</summary>', '', 'Inner text.', '', '</details>', '', 'Outer again.', '', '</details>', '', 'After.', ''].join('\n');

describe('<details> collapses as on GitHub', () => {
  it('hides the blocks between an opening <details> block and its </details>, the closing block included', () => {
    const state = stateOf(README);
    const [range] = detailsRanges(state.doc);
    expect(state.doc.nodeAt(range!.open)!.attrs.raw).toMatch(/^<details>/);
    expect(state.doc.nodeAt(range!.close)!.attrs.raw).toMatch(/^<\/details>/);
    expect(hidden(state)).toEqual(['OneTwo', 'Some text.', '</details>']);
  });

  it('<details open> starts expanded; a <details> closed in its own block, or never closed, hides nothing', () => {
    expect(hidden(stateOf(README.replace('<details>', '<details open>')))).toEqual([]);
    expect(hidden(stateOf('<details><summary>a</summary>b</details>\n\nText.\n'))).toEqual([]);
    expect(hidden(stateOf('<details>\n<summary>a</summary>\n\nText.\n'))).toEqual([]);
  });

  it('a toggle expands and collapses; collapsing with the caret inside moves it after the range; the document is untouched', () => {
    const state = stateOf(README);
    const open = detailsRanges(state.doc)[0]!.open;
    const expanded = state.apply(toggleTransaction(state, open)!);
    expect(hidden(expanded)).toEqual([]);
    expect(expanded.doc.eq(state.doc)).toBe(true);
    const caretInside = expanded.apply(expanded.tr.setSelection(TextSelection.create(expanded.doc, textAt(expanded.doc, 'Some text.'))));
    const collapsed = caretInside.apply(toggleTransaction(caretInside, open)!);
    expect(hidden(collapsed)).toEqual(['OneTwo', 'Some text.', '</details>']);
    expect(collapsed.selection.$from.parent.textContent).toBe('After.');
  });

  it('nested details: the outer hides all; expanding it leaves the inner one collapsed', () => {
    const state = stateOf(NESTED);
    const [outer, inner] = detailsRanges(state.doc);
    expect(hidden(state)).toEqual(['Outer text.', '<details><summary>Inner</summary>', 'Inner text.', '</details>', 'Outer again.', '</details>']);
    const expanded = state.apply(toggleTransaction(state, outer!.open)!);
    expect(isExpanded(detailsState(expanded)!, inner!)).toBe(false);
    expect(hidden(expanded)).toEqual(['Inner text.', '</details>']);
  });

  it('the caret landing in a hidden block (find, arrow keys) expands every range around it', () => {
    const state = stateOf(NESTED);
    const after = state.apply(state.tr.setSelection(TextSelection.create(state.doc, textAt(state.doc, 'Inner text.'))));
    expect(hidden(after)).toEqual([]);
    const outerOnly = state.apply(state.tr.setSelection(TextSelection.create(state.doc, textAt(state.doc, 'Outer text.'))));
    expect(hidden(outerOnly)).toEqual(['Inner text.', '</details>']);
  });

  it('a keystroke in a 10k-line document outside any details maps the ranges; an edit inside one or of an HTML block finds them again', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => (i % 7 === 0 ? '' : `Line ${i}.`));
    const state = stateOf(`${README}\n${lines.join('\n')}\n`);
    const initial = initialDetails(state.doc);

    const far = nextDetails(initial, state.tr.insertText('x', state.doc.content.size - 1));
    expect(far.ranges[0]).toEqual(initial.ranges[0]);
    expect(far.ranges).not.toBe(initial.ranges); // mapped
    expect(far.set.find()).toHaveLength(3);

    const beforeIt = nextDetails(initial, state.tr.insertText('A ', textAt(state.doc, 'Title')));
    expect(beforeIt.ranges[0]!.open).toBe(initial.ranges[0]!.open + 2);
    expect(beforeIt.set.find().map((decoration) => decoration.from)).toEqual(initial.set.find().map((decoration) => decoration.from + 2));

    const typedInside = state.tr.split(textAt(state.doc, 'Some text.') + 4);
    const inside = state.apply(typedInside);
    expect(hidden(inside)).toEqual(['OneTwo', 'Some', ' text.', '</details>']); // the new block is hidden too

    const closing = detailsRanges(state.doc)[0]!.close;
    const unclosed = state.apply(state.tr.setNodeAttribute(closing, 'raw', '<p>no longer closing</p>'));
    expect(hidden(unclosed)).toEqual([]);
  });
});

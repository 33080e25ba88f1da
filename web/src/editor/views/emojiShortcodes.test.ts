import { nameToEmoji } from 'gemoji';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { emojiDecorations, revealSelected, shortcodesIn } from './emojiShortcodes';

const docOf = (markdown: string) => markdownSchema().nodeFromJSON(parseMarkdown(markdown).doc);
const drawn = (markdown: string) => {
  const doc = docOf(markdown);
  return emojiDecorations(doc, nameToEmoji)
    .find()
    .filter((decoration) => decoration.from < decoration.to)
    .map((decoration) => doc.textBetween(decoration.from, decoration.to));
};

describe('emoji shortcodes', () => {
  it('recognises GitHub\'s names, :+1: and :t-rex: included; unknown names stay literal', () => {
    expect(shortcodesIn('Done :heavy_check_mark: and :x: :tada:', nameToEmoji).map(({ name, emoji }) => [name, emoji])).toEqual([
      ['heavy_check_mark', '✔️'],
      ['x', '❌'],
      ['tada', '🎉'],
    ]);
    expect(shortcodesIn(':+1: :-1: :t-rex:', nameToEmoji).map(({ emoji }) => emoji)).toEqual(['👍', '👎', '🦖']);
    expect(shortcodesIn(':nosuchemoji: std::io::Read :time: 10:30:00 :constructor: :toString:', nameToEmoji)).toEqual([]);
    // the closing colon of an unknown name can open a known one
    expect(shortcodesIn(':nosuch:x:', nameToEmoji).map(({ start, end }) => [start, end])).toEqual([[7, 10]]);
  });

  it('leaves shortcodes in code spans, code blocks and bare URLs literal', () => {
    expect(drawn('`:x:` and :x:\n')).toEqual([':x:']);
    expect(drawn('```\n:tada:\n```\n\n    :tada:\n')).toEqual([]);
    expect(drawn('See https://example.invalid/:tada:/page and www.example.invalid/:x: but :wave:\n')).toEqual([':wave:']);
  });

  it('draws in headings, table cells, lists and links, as GitHub does', () => {
    expect(drawn('### :camera: Screenshots\n\n| a | b |\n|---|---|\n| :x: | :heavy_check_mark: |\n\n- [:gear: Setup](#setup)\n')).toEqual([
      ':camera:',
      ':x:',
      ':heavy_check_mark:',
      ':gear:',
    ]);
  });

  it('a selection touching a shortcode, at either edge or inside, shows its source; the others stay drawn', () => {
    const doc = docOf('A :x: and :tada:\n');
    const set = emojiDecorations(doc, nameToEmoji);
    const start = doc.textContent.indexOf(':x:') + 1; // +1: the paragraph's opening
    const shown = (pos: number) => {
      const state = EditorState.create({ doc, selection: TextSelection.create(doc, pos) });
      return revealSelected(set, state)
        .find()
        .filter((decoration) => decoration.from === decoration.to).length;
    };
    expect(shown(1)).toBe(2);
    for (const pos of [start, start + 1, start + 3]) expect(shown(pos)).toBe(1);
    expect(shown(start + 4)).toBe(2);
  });
});

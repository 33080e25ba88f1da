import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { alertDecorations } from './alerts';

const kinds = (markdown: string) =>
  alertDecorations(markdownSchema().nodeFromJSON(parseMarkdown(markdown).doc))
    .find()
    .map((decoration) => (decoration.spec as { alert?: boolean }).alert ? 'marker' : 'other');

describe('GitHub alerts', () => {
  it('a blockquote whose first line is only [!KIND] is an alert, in any case; others are quotes', () => {
    expect(kinds('> [!NOTE]\n> Useful.\n')).toEqual(['other', 'other', 'marker']);
    expect(kinds('> [!warning]\n>\n> Later paragraph.\n')).toHaveLength(3);
    expect(kinds('> [!TIP] on the same line\n')).toEqual([]);
    expect(kinds('> [!OTHER]\n> x\n')).toEqual([]);
    expect(kinds('> plain\n')).toEqual([]);
  });
});

import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { splitFrontMatter, withBody } from './frontMatterText';

describe('front matter text', () => {
  it('splits the fences from the body and joins them back', () => {
    const parts = splitFrontMatter('---\ntitle: A\ntags: [a]\n---');
    expect(parts).toEqual({ open: '---', body: 'title: A\ntags: [a]', close: '---' });
    expect(withBody(parts, parts.body)).toBe('---\ntitle: A\ntags: [a]\n---');
    expect(withBody(splitFrontMatter('+++\nx = 1\n+++'), 'x = 2\r\ny = 3')).toBe('+++\nx = 2\ny = 3\n+++');
    expect(withBody(parts, '')).toBe('---\n---');
  });

  it('editing the body rewrites only the front matter, in the document’s line endings', () => {
    const source = '---\r\ntitle: Old\r\n---\r\n\r\nSetext\r\n======\r\n\r\n* star\r\n';
    const parsed = parseMarkdown(source);
    const state = EditorState.create({ doc: markdownSchema().nodeFromJSON(parsed.doc) });
    const raw = String(state.doc.firstChild!.attrs.raw);
    const edited = state.apply(state.tr.setNodeAttribute(0, 'raw', withBody(splitFrontMatter(raw), 'title: New\nauthor: Me')));
    expect(serializeMarkdown(edited.doc, parsed)).toBe('---\r\ntitle: New\r\nauthor: Me\r\n---\r\n\r\nSetext\r\n======\r\n\r\n* star\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { DecorationSource } from '@tiptap/pm/view';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { headingDecorations, headingSlugOf } from './headingAnchors';

describe('heading anchors', () => {
  it("hand each heading its GitHub slug through the decorations inside it (repeats numbered); other blocks get none", () => {
    const doc = markdownSchema().nodeFromJSON(parseMarkdown('# Getting started\n\nText.\n\n## Getting started\n\n> ## Quoted *heading*\n').doc);
    const set = headingDecorations(doc);
    const slugs: (string | null)[] = [];
    const walk = (node: ProseMirrorNode, pos: number, inner: DecorationSource) => {
      node.forEach((child, offset) => {
        const childInner = inner.forChild(pos + offset, child);
        if (child.isTextblock) slugs.push(headingSlugOf(childInner));
        else walk(child, 0, childInner);
      });
    };
    walk(doc, 0, set);
    expect(slugs).toEqual(['getting-started', null, 'getting-started-1', 'quoted-heading']);
  });
});

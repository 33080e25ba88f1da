import type { NodeViewRenderer } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, type DecorationSet, type DecorationSource } from '@tiptap/pm/view';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';
import GithubSlugger from 'github-slugger';

/**
 * Every heading gets GitHub's id (`## Getting started` → `getting-started`, repeats numbered) and
 * a `#` link beside it on hover, so `[…](#getting-started)` finds it (openLinks.ts). The slug rides
 * on the link's widget, inside the heading, and `headingView` puts it on the heading as its id: a
 * node decoration on a top-level block would sit in the document's own decoration list, which the
 * view scans once per top-level block on every keystroke (O(blocks × headings)).
 */
export const headingDrawer: BlockDrawer<GithubSlugger> = {
  context: () => new GithubSlugger(),
  draw(block, blockPos, slugger) {
    const decorations: Decoration[] = [];
    visit(block, blockPos, (node, pos) => {
      if (node.type.name !== 'heading') return !node.isTextblock;
      const slug = slugger.slug(node.textContent);
      decorations.push(Decoration.widget(pos + 1, () => anchor(slug), { side: -1, key: `anchor-${slug}`, ignoreSelection: true, headingSlug: slug }));
      return false;
    });
    return decorations;
  },
  skip(block, slugger) {
    visit(block, 0, (node) => {
      if (node.type.name !== 'heading') return !node.isTextblock;
      slugger.slug(node.textContent);
      return false;
    });
  },
  // a repeated heading's id is numbered by the ones before it
  ordered: (block) => {
    let heading = block.type.name === 'heading';
    if (!block.isTextblock) block.descendants((node) => !(heading ||= node.type.name === 'heading') && !node.isTextblock);
    return heading;
  },
};

export function headingDecorations(doc: ProseMirrorNode): DecorationSet {
  return drawDocument(doc, headingDrawer);
}

/** The slug the heading's anchor widget carries (its inner decorations at offset 0), if any. */
export function headingSlugOf(inner: DecorationSource): string | null {
  let slug: string | null = null;
  inner.forEachSet((set) => {
    slug ??= (set.find(0, 0, (spec) => typeof spec.headingSlug === 'string')[0]?.spec.headingSlug as string | undefined) ?? null;
  });
  return slug;
}

/** A heading whose id is the slug of its anchor widget (see headingDrawer). */
export const headingView: NodeViewRenderer = ({ node, innerDecorations }) => {
  const level = node.attrs.level as number;
  const dom = document.createElement(`h${level}`);
  const showSlug = (inner: DecorationSource) => {
    const slug = headingSlugOf(inner);
    if (slug === null) dom.removeAttribute('id');
    else if (dom.id !== slug) dom.id = slug;
  };
  showSlug(innerDecorations);
  return {
    dom,
    contentDOM: dom,
    update(next, _outer, inner) {
      if (next.type !== node.type || next.attrs.level !== level) return false;
      showSlug(inner);
      return true;
    },
    // the id is ours, not the person's edit
    ignoreMutation: (mutation) => mutation.type === 'attributes' && mutation.target === dom && mutation.attributeName === 'id',
  };
};

function anchor(slug: string): HTMLElement {
  const link = document.createElement('a');
  link.className = 'heading-anchor';
  link.href = `#${slug}`;
  link.contentEditable = 'false';
  link.setAttribute('aria-label', `Link to section ${slug}`);
  link.textContent = '#';
  return link;
}

export const HeadingAnchors = documentDecorations('headingAnchors', headingDrawer);

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, type DecorationSet } from '@tiptap/pm/view';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';
import GithubSlugger from 'github-slugger';

/**
 * Every heading gets GitHub's id (`## Getting started` → `getting-started`, repeats numbered) and
 * a `#` link beside it on hover, so `[…](#getting-started)` finds it (openLinks.ts).
 */
export const headingDrawer: BlockDrawer<GithubSlugger> = {
  context: () => new GithubSlugger(),
  draw(block, blockPos, slugger) {
    const decorations: Decoration[] = [];
    visit(block, blockPos, (node, pos) => {
      if (node.type.name !== 'heading') return !node.isTextblock;
      const slug = slugger.slug(node.textContent);
      decorations.push(
        Decoration.node(pos, pos + node.nodeSize, { id: slug }),
        Decoration.widget(pos + 1, () => anchor(slug), { side: -1, key: `anchor-${slug}`, ignoreSelection: true }),
      );
      return false;
    });
    return decorations;
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

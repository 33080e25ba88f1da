import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { documentDecorations } from './documentDecorations';
import GithubSlugger from 'github-slugger';

/**
 * Every heading gets GitHub's id (`## Getting started` → `getting-started`, repeats numbered) and
 * a `#` link beside it on hover, so `[…](#getting-started)` finds it (openLinks.ts).
 */
export function headingDecorations(doc: ProseMirrorNode): DecorationSet {
  const slugger = new GithubSlugger();
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name !== 'heading') return !node.isTextblock;
    const slug = slugger.slug(node.textContent);
    decorations.push(
      Decoration.node(pos, pos + node.nodeSize, { id: slug }),
      Decoration.widget(pos + 1, () => anchor(slug), { side: -1, key: `anchor-${slug}`, ignoreSelection: true }),
    );
    return false;
  });
  return DecorationSet.create(doc, decorations);
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

export const HeadingAnchors = documentDecorations('headingAnchors', headingDecorations);

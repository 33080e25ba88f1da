import type { NodeViewRenderer } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, type DecorationSet } from '@tiptap/pm/view';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';

/** A footnote's number and whether this reference is its first (the one the back-link returns to). */
interface FootnoteSpec {
  footnote: number;
  first: boolean;
}

/** Numbers in order of first reference, as GitHub numbers footnotes, counted once per pass. */
class Numbering {
  private numbers: Map<string, number> | undefined;
  private readonly seen = new Set<string>();
  constructor(private readonly doc: ProseMirrorNode) {}

  of(identifier: string): number | undefined {
    if (!this.numbers) {
      const numbers = new Map<string, number>();
      this.doc.descendants((node) => {
        if (node.type.name === 'footnoteReference' && !numbers.has(node.attrs.identifier)) numbers.set(node.attrs.identifier, numbers.size + 1);
        return !node.isLeaf;
      });
      this.numbers = numbers;
    }
    return this.numbers.get(identifier);
  }

  /** True the first time a reference to `identifier` is drawn in this pass. */
  firstReference(identifier: string): boolean {
    if (this.seen.has(identifier)) return false;
    this.seen.add(identifier);
    return true;
  }
}

const holdsFootnotes = (block: ProseMirrorNode): boolean => {
  let found = block.type.name === 'footnoteDefinition';
  if (!found) block.descendants((node) => !(found ||= node.type.name.startsWith('footnote')));
  return found;
};

/**
 * References drawn as their number (the label stays in the source), definitions numbered the same
 * and ending in a back-link to their first reference.
 */
export const footnoteDrawer: BlockDrawer<Numbering> = {
  context: (doc) => new Numbering(doc),
  ordered: holdsFootnotes,
  draw(block, blockPos, numbering) {
    const decorations: Decoration[] = [];
    visit(block, blockPos, (node, pos) => {
      if (node.type.name === 'footnoteReference') {
        const identifier = String(node.attrs.identifier);
        const number = numbering.of(identifier);
        if (number !== undefined) {
          const spec: FootnoteSpec = { footnote: number, first: numbering.firstReference(identifier) };
          decorations.push(Decoration.node(pos, pos + node.nodeSize, {}, spec));
        }
        return false;
      }
      if (node.type.name !== 'footnoteDefinition') return !node.isLeaf;
      const number = numbering.of(String(node.attrs.identifier));
      if (number === undefined) return false; // never referenced: GitHub leaves it out, we keep it unnumbered
      decorations.push(Decoration.node(pos, pos + node.nodeSize, { 'data-number': String(number) }));
      let end: number | undefined;
      node.descendants((child, offset) => {
        if (child.isTextblock) end = pos + 1 + offset + child.nodeSize - 1;
        return !child.isTextblock;
      });
      const label = String(node.attrs.label ?? node.attrs.identifier);
      if (end !== undefined) decorations.push(Decoration.widget(end, () => backLink(label, number), { side: 1, key: `backref-${label}-${number}`, ignoreSelection: true }));
      return false;
    });
    return decorations;
  },
};

export function footnoteDecorations(doc: ProseMirrorNode): DecorationSet {
  return drawDocument(doc, footnoteDrawer);
}

function backLink(label: string, number: number): HTMLElement {
  const link = document.createElement('a');
  link.className = 'footnote-backref';
  link.href = `#fnref-${label}`;
  link.contentEditable = 'false';
  link.setAttribute('aria-label', `Back to reference ${number}`);
  link.textContent = '↩';
  return link;
}

/** A reference as GitHub draws it: its number, superscript, linking to its definition. */
export const footnoteReferenceView: NodeViewRenderer = ({ node, decorations }) => {
  const dom = document.createElement('sup');
  dom.dataset.type = 'footnote-reference';
  const link = dom.appendChild(document.createElement('a'));
  const draw = (current: ProseMirrorNode, around: readonly Decoration[]) => {
    const label = String(current.attrs.label ?? current.attrs.identifier);
    const spec = around.map((decoration) => decoration.spec as Partial<FootnoteSpec>).find((candidate) => candidate.footnote !== undefined);
    dom.dataset.label = label;
    link.href = `#fn-${label}`;
    link.textContent = spec ? String(spec.footnote) : label;
    if (spec?.first) link.id = `fnref-${label}`;
    else link.removeAttribute('id');
  };
  draw(node, decorations as readonly Decoration[]);
  return {
    dom,
    update(updated, around) {
      if (updated.type !== node.type) return false;
      draw(updated, around as readonly Decoration[]);
      return true;
    },
    ignoreMutation: (mutation) => mutation.type !== 'selection',
  };
};

export const FootnoteNumbers = documentDecorations('footnoteNumbers', footnoteDrawer);

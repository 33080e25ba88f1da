import type { NodeViewRenderer } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, type DecorationSet } from '@tiptap/pm/view';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';

/** A footnote's number and which of its references this is (1 for the first), as the section's back-links count them. */
interface FootnoteSpec {
  footnote: number;
  occurrence: number;
}

/** Numbers in order of first reference, as GitHub numbers footnotes, counted once per pass. */
class Numbering {
  private numbers: Map<string, number> | undefined;
  private readonly seen = new Map<string, number>();
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

  /** Which reference to `identifier` this is in this pass: 1 the first time, then 2, 3, … */
  occurrence(identifier: string): number {
    const occurrence = (this.seen.get(identifier) ?? 0) + 1;
    this.seen.set(identifier, occurrence);
    return occurrence;
  }
}

export const holdsFootnotes = (block: ProseMirrorNode): boolean => {
  let found = block.type.name === 'footnoteDefinition';
  if (!found) block.descendants((node) => !(found ||= node.type.name.startsWith('footnote')));
  return found;
};

/**
 * References drawn as their number (the label stays in the source), definitions numbered the same
 * (shown in place only while edited; the section at the end shows them: footnoteSection.ts).
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
          const spec: FootnoteSpec = { footnote: number, occurrence: numbering.occurrence(identifier) };
          decorations.push(Decoration.node(pos, pos + node.nodeSize, {}, spec));
        }
        return false;
      }
      if (node.type.name !== 'footnoteDefinition') return !node.isLeaf;
      const number = numbering.of(String(node.attrs.identifier));
      if (number === undefined) return false; // never referenced: GitHub leaves it out; it shows, unnumbered, only while edited
      decorations.push(Decoration.node(pos, pos + node.nodeSize, { 'data-number': String(number) }));
      return false;
    });
    return decorations;
  },
};

export function footnoteDecorations(doc: ProseMirrorNode): DecorationSet {
  return drawDocument(doc, footnoteDrawer);
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
    if (spec?.occurrence !== undefined) link.id = referenceId(label, spec.occurrence);
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

/** The id of a footnote's `occurrence`-th reference, as GitHub names them (`fnref-x`, `fnref-x-2`, …). */
export function referenceId(label: string, occurrence: number): string {
  return occurrence === 1 ? `fnref-${label}` : `fnref-${label}-${occurrence}`;
}

import { Node } from '@tiptap/core';
import { hiddenAttribute } from './markupAttribute';

/** `$$…$$` display math; the names and the `latex` attribute follow @tiptap/extension-mathematics. */
export const BlockMath = Node.create({
  name: 'blockMath',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes() {
    return { latex: hiddenAttribute('') };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-type="block-math"]',
        getAttrs: (element) => ({ latex: element.getAttribute('data-latex') ?? '' }),
      },
    ];
  },
  renderHTML({ node }) {
    const latex = String(node.attrs.latex);
    return ['div', { 'data-type': 'block-math', 'data-latex': latex }, latex];
  },
});

/** `$…$` inline math. */
export const InlineMath = Node.create({
  name: 'inlineMath',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return { latex: hiddenAttribute('') };
  },
  parseHTML() {
    return [
      {
        tag: 'span[data-type="inline-math"]',
        getAttrs: (element) => ({ latex: element.getAttribute('data-latex') ?? '' }),
      },
    ];
  },
  renderHTML({ node }) {
    const latex = String(node.attrs.latex);
    return ['span', { 'data-type': 'inline-math', 'data-latex': latex }, latex];
  },
});

import { Node } from '@tiptap/core';
import { hiddenAttribute } from './markupAttribute';

/**
 * Raw HTML is kept as its source text. It is shown as text here (never injected into the
 * page); a node view may render it in a sandbox.
 */
export const HtmlBlock = Node.create({
  name: 'htmlBlock',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes() {
    return { raw: hiddenAttribute('') };
  },
  parseHTML() {
    return [
      {
        tag: 'pre[data-type="html-block"]',
        preserveWhitespace: 'full',
        getAttrs: (element) => ({ raw: element.textContent ?? '' }),
      },
    ];
  },
  renderHTML({ node }) {
    return ['pre', { 'data-type': 'html-block' }, String(node.attrs.raw)];
  },
});

/** One inline HTML fragment (`<kbd>`, `</kbd>`, `<!-- x -->`, …) kept as its source text. */
export const HtmlInline = Node.create({
  name: 'htmlInline',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return { raw: hiddenAttribute('') };
  },
  parseHTML() {
    return [
      {
        tag: 'code[data-type="html-inline"]',
        getAttrs: (element) => ({ raw: element.textContent ?? '' }),
      },
    ];
  },
  renderHTML({ node }) {
    return ['code', { 'data-type': 'html-inline' }, String(node.attrs.raw)];
  },
});

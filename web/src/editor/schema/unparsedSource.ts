import { Node } from '@tiptap/core';
import { hiddenAttribute } from './markupAttribute';

/**
 * A stretch of top-level markdown not parsed yet (a large document opens progressively,
 * `../progressive/`). `raw` is its exact source text, which it serialises to byte for byte;
 * `start` is its offset in the source; it is drawn as an empty box of about its height.
 */
export const UnparsedSource = Node.create({
  name: 'unparsedSource',
  group: 'block',
  atom: true,
  selectable: false,
  addAttributes() {
    return { raw: hiddenAttribute(''), start: hiddenAttribute(0), lines: hiddenAttribute(1) };
  },
  parseHTML() {
    return [];
  },
  renderHTML({ node }) {
    return ['div', { 'data-type': 'unparsed-source', 'aria-busy': 'true', style: `height: ${Number(node.attrs.lines) * 1.6}em` }];
  },
});

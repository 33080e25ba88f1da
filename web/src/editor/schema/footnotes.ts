import { Node } from '@tiptap/core';
import { hiddenAttribute } from './markupAttribute';

/** `[^label]` in text. `identifier` is the normalised label that pairs it with its definition. */
export const FootnoteReference = Node.create({
  name: 'footnoteReference',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return { identifier: hiddenAttribute(''), label: hiddenAttribute(null) };
  },
  parseHTML() {
    return [
      {
        tag: 'sup[data-type="footnote-reference"]',
        getAttrs: (element) => {
          const label = element.getAttribute('data-label') ?? '';
          return { identifier: label.toLowerCase(), label };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const label = String(node.attrs.label ?? node.attrs.identifier);
    return ['sup', { 'data-type': 'footnote-reference', 'data-label': label }, ['a', { href: `#fn-${label}` }, label]];
  },
});

/** `[^label]: text` with its indented continuation blocks. */
export const FootnoteDefinition = Node.create({
  name: 'footnoteDefinition',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return { identifier: hiddenAttribute(''), label: hiddenAttribute(null) };
  },
  parseHTML() {
    return [
      {
        tag: 'section[data-type="footnote-definition"]',
        getAttrs: (element) => {
          const label = element.getAttribute('data-label') ?? '';
          return { identifier: label.toLowerCase(), label };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const label = String(node.attrs.label ?? node.attrs.identifier);
    return ['section', { 'data-type': 'footnote-definition', 'data-label': label, id: `fn-${label}` }, 0];
  },
});

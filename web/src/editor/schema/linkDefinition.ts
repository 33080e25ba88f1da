import { Node } from '@tiptap/core';
import { hiddenAttribute } from './markupAttribute';

/** A link reference definition (`[label]: url "title"`), which reference links resolve against. */
export const LinkDefinition = Node.create({
  name: 'linkDefinition',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      identifier: hiddenAttribute(''),
      label: hiddenAttribute(null),
      url: hiddenAttribute(''),
      title: hiddenAttribute(null),
    };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-type="link-definition"]',
        getAttrs: (element) => {
          const label = element.getAttribute('data-label') ?? '';
          return {
            identifier: label.toLowerCase(),
            label,
            url: element.getAttribute('data-url') ?? '',
            title: element.getAttribute('data-title'),
          };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const { label, url, title } = node.attrs as { label: string | null; url: string; title: string | null };
    const attrs: Record<string, string> = { 'data-type': 'link-definition', 'data-label': label ?? '', 'data-url': url };
    if (title !== null) attrs['data-title'] = title;
    return ['div', attrs, `[${label ?? ''}]: ${url}`];
  },
});

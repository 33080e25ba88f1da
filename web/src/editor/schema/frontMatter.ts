import { Node } from '@tiptap/core';
import { hiddenAttribute } from './markupAttribute';

/**
 * YAML (`---`) or TOML (`+++`) front matter. `raw` holds the whole block, fences included, with
 * `\n` line endings; the document schema only allows it as the first node.
 */
export const FrontMatter = Node.create({
  name: 'frontMatter',
  atom: true,
  selectable: true,
  defining: true,
  addAttributes() {
    return { raw: hiddenAttribute('') };
  },
  parseHTML() {
    return [
      {
        tag: 'pre[data-type="front-matter"]',
        preserveWhitespace: 'full',
        getAttrs: (element) => ({ raw: element.textContent ?? '' }),
      },
    ];
  },
  renderHTML({ node }) {
    return ['pre', { 'data-type': 'front-matter' }, String(node.attrs.raw)];
  },
});

/** `yaml` for `---` fences, `toml` for `+++` fences. */
export function frontMatterKind(raw: string): 'yaml' | 'toml' {
  return raw.startsWith('+++') ? 'toml' : 'yaml';
}

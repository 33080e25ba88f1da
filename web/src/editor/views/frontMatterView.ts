import type { NodeViewRenderer } from '@tiptap/core';
import { frontMatterKind } from '../schema';
import { splitFrontMatter, withBody } from './frontMatterText';

/**
 * Front matter as an editable block: the fences as labels, the YAML/TOML between them in a
 * plain text field. Typing changes only the node's `raw`, so only the front matter is
 * written anew.
 */
export const frontMatterView: NodeViewRenderer = ({ node, view, getPos }) => {
  let parts = splitFrontMatter(String(node.attrs.raw));
  const dom = document.createElement('div');
  dom.className = 'front-matter';
  dom.dataset.type = 'front-matter';
  const label = frontMatterKind(String(node.attrs.raw)) === 'toml' ? 'TOML front matter' : 'YAML front matter';
  const open = fence(parts.open);
  const close = fence(parts.close);
  const field = document.createElement('textarea');
  field.className = 'front-matter-source';
  field.spellcheck = false;
  field.setAttribute('aria-label', label);
  field.value = parts.body;
  const fit = () => (field.rows = Math.max(1, field.value.split('\n').length));
  fit();
  dom.append(open, field, close);

  field.addEventListener('input', () => {
    fit();
    const pos = getPos();
    if (typeof pos !== 'number') return;
    view.dispatch(view.state.tr.setNodeAttribute(pos, 'raw', withBody(parts, field.value)));
  });
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      view.focus();
    }
  });

  return {
    dom,
    update(updated) {
      if (updated.type !== node.type) return false;
      parts = splitFrontMatter(String(updated.attrs.raw));
      open.textContent = parts.open;
      close.textContent = parts.close;
      if (field.value !== parts.body) {
        field.value = parts.body;
        fit();
      }
      return true;
    },
    stopEvent: (event) => event.target === field,
    ignoreMutation: () => true,
  };
};

function fence(text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'front-matter-fence';
  element.textContent = text;
  return element;
}

import type { NodeViewRenderer } from '@tiptap/core';
import { loadKatex, renderTex } from './katexLoader';
import { sourceEditView } from './sourceEditView';

/** Math rendered with KaTeX; a click (or Enter on the selected node) edits its TeX. */
export function mathView(display: boolean): NodeViewRenderer {
  const latest = new WeakMap<HTMLElement, string>();
  return sourceEditView({
    display,
    attribute: 'latex',
    className: display ? 'math-block' : 'math-inline',
    dataType: display ? 'block-math' : 'inline-math',
    label: display ? 'TeX source' : 'Inline TeX source',
    render(preview, latex, dom) {
      latest.set(dom, latex);
      preview.textContent = latex;
      void loadKatex().then((katex) => {
        if (latest.get(dom) !== latex) return;
        const result = renderTex(katex, latex, display);
        dom.classList.toggle('math-error', 'error' in result);
        if ('html' in result) preview.innerHTML = result.html;
        else preview.textContent = result.error;
      });
    },
  });
}

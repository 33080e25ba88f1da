import type { NodeViewRenderer } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { loadKatex, renderTex } from './katexLoader';

/**
 * Math rendered with KaTeX. Selecting the node (a click, or the arrow keys) shows its TeX in a
 * text field beside the rendering, and a click also focuses it. Typing there changes only the
 * `latex` attribute, so only this block is written anew. The field stays while it has focus,
 * even if the selection moves.
 */
export function mathView(display: boolean): NodeViewRenderer {
  return ({ node, view, getPos }) => {
    let latex = String(node.attrs.latex);
    let selected = false;
    let rendered: string | undefined;
    const dom: HTMLElement = document.createElement(display ? 'div' : 'span');
    dom.className = display ? 'math-block' : 'math-inline';
    dom.dataset.type = display ? 'block-math' : 'inline-math';
    const preview = document.createElement(display ? 'div' : 'span');
    preview.className = 'math-preview';
    const source: HTMLTextAreaElement | HTMLInputElement = document.createElement(display ? 'textarea' : 'input');
    source.className = 'math-source';
    source.spellcheck = false;
    source.setAttribute('aria-label', display ? 'TeX source' : 'Inline TeX source');
    source.value = latex;
    source.hidden = true;
    const fit = () => {
      if (source instanceof HTMLTextAreaElement) source.rows = Math.max(2, source.value.split('\n').length);
    };
    fit();
    dom.append(preview, source);

    const render = () => {
      if (rendered === latex) return;
      const wanted = latex;
      preview.textContent = wanted;
      void loadKatex().then((katex) => {
        if (wanted !== latex) return;
        rendered = wanted;
        const result = renderTex(katex, wanted, display);
        dom.classList.toggle('math-error', 'error' in result);
        if ('html' in result) preview.innerHTML = result.html;
        else preview.textContent = result.error;
      });
    };
    const showSource = (shown: boolean) => {
      source.hidden = !shown;
      dom.classList.toggle('math-editing', shown);
    };

    source.addEventListener('input', () => {
      fit();
      const pos = getPos();
      if (typeof pos !== 'number') return;
      view.dispatch(view.state.tr.setNodeAttribute(pos, 'latex', source.value));
    });
    source.addEventListener('blur', () => {
      if (!selected) showSource(false);
    });
    (source as HTMLElement).addEventListener('keydown', (event) => {
      // Escape (and Enter in the one-line field) hands the keyboard back to the document
      if (event.key === 'Escape' || (!display && event.key === 'Enter')) {
        event.preventDefault();
        view.focus();
      }
    });
    // A click means the person wants to edit: select the node and give the field the keyboard
    // (the arrow keys only select it). ProseMirror does not reliably select inline atoms on click.
    dom.addEventListener('mousedown', (event) => {
      if (event.target === source || event.button !== 0) return;
      event.preventDefault();
      const pos = getPos();
      if (typeof pos !== 'number') return;
      view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, pos)));
      showSource(true);
      source.focus();
    });
    render();

    return {
      dom,
      update(updated) {
        if (updated.type !== node.type) return false;
        latex = String(updated.attrs.latex);
        if (source.value !== latex) {
          source.value = latex;
          fit();
        }
        render();
        return true;
      },
      selectNode() {
        selected = true;
        dom.classList.add('ProseMirror-selectednode');
        showSource(true);
      },
      deselectNode() {
        selected = false;
        dom.classList.remove('ProseMirror-selectednode');
        if (document.activeElement !== source) showSource(false);
      },
      stopEvent: (event) => event.target === source || (event.type === 'mousedown' && (event as MouseEvent).button === 0),
      ignoreMutation: () => true,
    };
  };
}

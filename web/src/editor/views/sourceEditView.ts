import type { NodeViewRenderer } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';

export interface SourceEditOptions {
  /** A block (`div`, multi-line field) or an inline node (`span`, one-line field). */
  display: boolean;
  /** The node attribute that holds the source text. */
  attribute: string;
  className: string;
  dataType: string;
  label: string;
  /** Draws `source` into `preview`; may finish later. `dom` is the node's element (for state classes). */
  render(preview: HTMLElement, source: string, dom: HTMLElement): void;
  /** A mousedown on this target keeps its own meaning (a `<summary>` toggles) instead of opening the source. */
  ownsClick?(target: EventTarget | null): boolean;
  /** Subscribes to outside changes that call for drawing again (a setting); returns the unsubscribe. */
  watch?(redraw: () => void): () => void;
  /** Releases what `render` holds for `dom`. */
  release?(dom: HTMLElement): void;
}

/**
 * A node rendered from its source text (math, HTML). Selecting the node (a click, or the arrow
 * keys) shows the source in a text field beside the rendering, and a click also focuses it.
 * Typing there changes only the source attribute, so only this block is written anew. The field
 * stays while it has focus, even if the selection moves.
 */
export function sourceEditView(options: SourceEditOptions): NodeViewRenderer {
  const { display, attribute } = options;
  return ({ node, view, getPos }) => {
    let value = String(node.attrs[attribute] ?? '');
    let selected = false;
    let rendered: string | undefined;
    const dom: HTMLElement = document.createElement(display ? 'div' : 'span');
    dom.className = options.className;
    dom.dataset.type = options.dataType;
    const preview = document.createElement(display ? 'div' : 'span');
    preview.className = 'source-preview';
    const source: HTMLTextAreaElement | HTMLInputElement = document.createElement(display ? 'textarea' : 'input');
    source.className = 'source-field';
    source.spellcheck = false;
    source.setAttribute('aria-label', options.label);
    source.value = value;
    source.hidden = true;
    const fit = () => {
      if (source instanceof HTMLTextAreaElement) source.rows = Math.max(2, source.value.split('\n').length);
    };
    fit();
    dom.append(preview, source);

    const render = () => {
      if (rendered === value) return;
      rendered = value;
      options.render(preview, value, dom);
    };
    const showSource = (shown: boolean) => {
      source.hidden = !shown;
      dom.classList.toggle('source-editing', shown);
    };

    source.addEventListener('input', () => {
      fit();
      const pos = getPos();
      if (typeof pos !== 'number') return;
      view.dispatch(view.state.tr.setNodeAttribute(pos, attribute, source.value));
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
    const ownsClick = (event: Event) => event.target === source || (options.ownsClick?.(event.target) ?? false);
    // A click means the person wants to edit: select the node and give the field the keyboard
    // (the arrow keys only select it). ProseMirror does not reliably select inline atoms on click.
    dom.addEventListener('mousedown', (event) => {
      if (ownsClick(event) || event.button !== 0 || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const pos = getPos();
      if (typeof pos !== 'number') return;
      view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, pos)));
      showSource(true);
      source.focus();
    });
    render();
    const unwatch = options.watch?.(() => {
      rendered = undefined;
      render();
    });

    return {
      dom,
      update(updated) {
        if (updated.type !== node.type) return false;
        value = String(updated.attrs[attribute] ?? '');
        if (source.value !== value) {
          source.value = value;
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
      stopEvent: (event) => ownsClick(event) || (event.type === 'mousedown' && (event as MouseEvent).button === 0),
      ignoreMutation: () => true,
      destroy() {
        unwatch?.();
        options.release?.(dom);
      },
    };
  };
}

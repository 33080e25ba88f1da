import type { NodeViewRenderer } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { DOMSerializer } from '@tiptap/pm/model';
import { Plugin } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import { onColorSchemeChange, renderDiagram } from './mermaidLoader';

const RENDER_DELAY_MS = 300;
/** Sent to a mermaid block's DOM when the caret enters its (hidden) source. */
const SHOW_SOURCE_EVENT = 'vmark-show-mermaid-source';

export function isMermaid(node: ProseMirrorNode): boolean {
  return typeof node.attrs.language === 'string' && node.attrs.language.toLowerCase() === 'mermaid';
}

/** Code blocks as the schema renders them, except ```mermaid fences, which show their diagram. */
export const codeBlockView: NodeViewRenderer = ({ node }) => (isMermaid(node) ? mermaidView(node) : plainCodeView(node));

function plainCodeView(node: ProseMirrorNode): NodeView {
  const { dom, contentDOM } = DOMSerializer.renderSpec(document, node.type.spec.toDOM!(node));
  return {
    dom,
    contentDOM,
    // another language needs another class, and a mermaid fence another view: both rebuild
    update: (updated) => updated.type === node.type && !isMermaid(updated) && updated.attrs.language === node.attrs.language,
  };
}

/**
 * A ```mermaid fence: the diagram, with a Source/Diagram toggle. The source is the code block's
 * own text (editable as usual), so the markdown stays the fence it was.
 */
function mermaidView(initial: ProseMirrorNode): NodeView {
  let node = initial;
  let showSource = false;
  let drawn: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const dom = document.createElement('div');
  dom.className = 'mermaid-block';
  const toolbar = document.createElement('div');
  toolbar.className = 'mermaid-toolbar';
  toolbar.contentEditable = 'false';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  const diagram = document.createElement('div');
  diagram.className = 'mermaid-diagram';
  diagram.contentEditable = 'false';
  diagram.setAttribute('role', 'img');
  diagram.setAttribute('aria-label', 'Mermaid diagram');
  const { dom: pre, contentDOM } = DOMSerializer.renderSpec(document, node.type.spec.toDOM!(node));
  toolbar.append(toggle);
  dom.append(toolbar, diagram, pre);

  const draw = async () => {
    const text = node.textContent;
    if (text === drawn) return;
    drawn = text;
    const result = await renderDiagram(text);
    if (drawn !== text) return;
    diagram.classList.toggle('mermaid-error', 'error' in result);
    if ('svg' in result) diagram.innerHTML = result.svg;
    else diagram.textContent = result.error;
  };
  const show = () => {
    toggle.textContent = showSource ? 'Diagram' : 'Source';
    toggle.setAttribute('aria-label', showSource ? 'Show diagram' : 'Show source');
    (pre as HTMLElement).hidden = !showSource;
    diagram.hidden = showSource;
    if (!showSource) void draw();
  };
  toggle.addEventListener('mousedown', (event) => event.preventDefault());
  toggle.addEventListener('click', () => {
    showSource = !showSource;
    show();
  });
  dom.addEventListener(SHOW_SOURCE_EVENT, () => {
    if (showSource) return;
    showSource = true;
    show();
  });
  show();
  // light and dark draw differently: a diagram on screen is drawn again in the new theme
  const stopFollowingScheme = onColorSchemeChange(() => {
    drawn = undefined;
    if (!showSource) void draw();
  });

  return {
    dom,
    contentDOM,
    update(updated) {
      if (updated.type !== node.type || !isMermaid(updated)) return false;
      node = updated;
      if (timer) clearTimeout(timer);
      if (!showSource) timer = setTimeout(() => void draw(), RENDER_DELAY_MS);
      return true;
    },
    // the toolbar and the drawing are the view's own; only the code is ProseMirror's
    stopEvent: (event) => !contentDOM!.contains(event.target as Node),
    ignoreMutation: (mutation) => mutation.type !== 'selection' && !contentDOM!.contains(mutation.target),
    destroy() {
      if (timer) clearTimeout(timer);
      stopFollowingScheme();
    },
  };
}

/** The caret never types into a hidden diagram source: entering it shows the source. */
export function revealMermaidSource(): Plugin {
  return new Plugin({
    view: () => ({
      update(view, previous) {
        if (previous.selection.eq(view.state.selection) && previous.doc === view.state.doc) return;
        const { $from } = view.state.selection;
        if ($from.depth === 0 || $from.parent.type.name !== 'codeBlock' || !isMermaid($from.parent)) return;
        view.nodeDOM($from.before())?.dispatchEvent(new Event(SHOW_SOURCE_EVENT));
      },
    }),
  });
}

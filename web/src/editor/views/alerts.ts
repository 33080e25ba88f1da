import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

const ALERT_MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?=\n|$)/i;

/** The GitHub alert a blockquote is (`> [!NOTE]` alone on its first line), and where its marker is. */
export function alertOf(blockquote: ProseMirrorNode, pos: number): { kind: string; from: number; to: number } | null {
  const first = blockquote.firstChild;
  if (!first || first.type.name !== 'paragraph') return null;
  const text = first.firstChild;
  if (!text?.isText) return null;
  const match = ALERT_MARKER.exec(text.text ?? '');
  if (!match) return null;
  const from = pos + 2; // inside the blockquote, inside its paragraph
  return { kind: match[1]!.toLowerCase(), from, to: from + match[0].length };
}

/**
 * GitHub alerts as callouts: the blockquote gets the alert's class and a title in place of its
 * marker (decorations; the text stays `[!NOTE]`, and shows while the cursor is on it).
 */
export function alertDecorations(doc: ProseMirrorNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) return false;
    if (node.type.name !== 'blockquote') return true;
    const alert = alertOf(node, pos);
    if (!alert) return true;
    decorations.push(
      Decoration.node(pos, pos + node.nodeSize, { class: `markdown-alert markdown-alert-${alert.kind}` }),
      Decoration.widget(alert.from, () => titleOf(alert.kind), { side: -1, key: `alert-${alert.kind}`, ignoreSelection: true }),
      Decoration.inline(alert.from, alert.to, { class: 'alert-marker' }, { alert: true }),
    );
    return true;
  });
  return DecorationSet.create(doc, decorations);
}

function titleOf(kind: string): HTMLElement {
  const title = document.createElement('span');
  title.className = 'alert-title';
  title.contentEditable = 'false';
  title.textContent = kind[0]!.toUpperCase() + kind.slice(1);
  return title;
}

/** The cursor on a marker shows its text, so the person sees what they are editing. */
function withEditedMarker(state: EditorState, set: DecorationSet): DecorationSet {
  const { from, to } = state.selection;
  const markers = set.find(from, to, (spec: { alert?: boolean }) => spec.alert === true);
  if (markers.length === 0) return set;
  return set.remove(markers).add(
    state.doc,
    markers.map((marker) => Decoration.inline(marker.from, marker.to, { class: 'alert-marker alert-marker-editing' })),
  );
}

export const GithubAlerts = Extension.create({
  name: 'githubAlerts',
  addProseMirrorPlugins() {
    const key = new PluginKey<DecorationSet>('githubAlerts');
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => alertDecorations(state.doc),
          apply: (tr, set) => (tr.docChanged ? alertDecorations(tr.doc) : set),
        },
        props: { decorations: (state) => withEditedMarker(state, key.getState(state)!) },
      }),
    ];
  },
});

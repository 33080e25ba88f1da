import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, type DecorationSet } from '@tiptap/pm/view';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';

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
 * marker (decorations: the text stays `[!NOTE]`, drawn at size zero so the caret can still pass
 * through it; changing a selection-dependent decoration there made the browser and ProseMirror
 * move the selection back and forth without end).
 */
export const alertDrawer: BlockDrawer = {
  context: () => undefined,
  draw(block, blockPos) {
    const decorations: Decoration[] = [];
    visit(block, blockPos, (node, pos) => {
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
    return decorations;
  },
};

export function alertDecorations(doc: ProseMirrorNode): DecorationSet {
  return drawDocument(doc, alertDrawer);
}

function titleOf(kind: string): HTMLElement {
  const title = document.createElement('span');
  title.className = 'alert-title';
  title.contentEditable = 'false';
  title.textContent = kind[0]!.toUpperCase() + kind.slice(1);
  return title;
}

export const GithubAlerts = documentDecorations('githubAlerts', alertDrawer);

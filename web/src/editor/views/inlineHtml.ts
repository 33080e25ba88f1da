import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, type DecorationSet } from '@tiptap/pm/view';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';
import { isSafeHref } from './htmlRender';

/** An opening or closing tag of an inline element whose content is the markdown between two fragments. */
export const PAIRED_TAG = /^<(\/?)(kbd|sub|sup|b|strong|i|em|s|del|ins|mark|u|small|code|span|a|abbr|q|samp|var|cite)(?=[\s>/])[^>]*>$/i;

/**
 * `<kbd>Ctrl</kbd>`: markdown keeps each tag as its own inline HTML fragment. The text between a
 * pair is drawn inside that element (a decoration; the document does not change), as GitHub does.
 */
function pairedTagsOf(container: ProseMirrorNode, containerPos: number): Decoration[] {
  const decorations: Decoration[] = [];
  visit(container, containerPos, (block, blockPos) => {
    if (!block.isTextblock) return true;
    const open: Array<{ name: string; end: number; attrs: Record<string, string> }> = [];
    block.forEach((child, offset) => {
      if (child.type.name !== 'htmlInline') return;
      const match = PAIRED_TAG.exec(String(child.attrs.raw).trim());
      if (!match) return;
      const [raw, closing, tagName] = match;
      const name = tagName!.toLowerCase();
      const pos = blockPos + 1 + offset;
      if (!closing) {
        open.push({ name, end: pos + child.nodeSize, attrs: tagAttributes(name, raw) });
        return;
      }
      const index = open.map((entry) => entry.name).lastIndexOf(name);
      if (index < 0) return;
      const [start] = open.splice(index);
      if (start!.end < pos) decorations.push(Decoration.inline(start!.end, pos, { nodeName: name, ...start!.attrs }));
    });
    return false;
  });
  return decorations;
}

export const pairedTagDrawer: BlockDrawer = { context: () => undefined, draw: pairedTagsOf };

export function pairedTagDecorations(doc: ProseMirrorNode): DecorationSet {
  return drawDocument(doc, pairedTagDrawer);
}

/** Only a link's safe `href` and a title are carried over; everything else of the tag is dropped. */
function tagAttributes(name: string, raw: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const title = /\stitle\s*=\s*("([^"]*)"|'([^']*)')/i.exec(raw);
  if (title) attrs.title = title[2] ?? title[3] ?? '';
  const href = /\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(raw);
  const value = href ? (href[2] ?? href[3] ?? href[4] ?? '') : undefined;
  if (name === 'a' && value !== undefined && isSafeHref(value)) attrs.href = value;
  return attrs;
}

export const InlineHtmlPairs = documentDecorations('inlineHtmlPairs', pairedTagDrawer);

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { definitionNodes } from './definitionNodes';
import type { MdNode } from './mdastNode';
import { normalizeLabel } from './mdastNode';
import { phrasingContent, type DefinitionTarget, type InlineWriteContext } from './toMdastInline';


/** The link reference definitions of an editor document, for writing reference links. */
export function collectDefinitionTargets(doc: ProseMirrorNode): Map<string, DefinitionTarget> {
  const definitions = new Map<string, DefinitionTarget>();
  for (const node of definitionNodes(doc)) {
    if (node.type.name !== 'linkDefinition') continue;
    const label = normalizeLabel(String(node.attrs.label ?? node.attrs.identifier ?? ''));
    if (!definitions.has(label)) {
      definitions.set(label, { url: String(node.attrs.url ?? ''), title: (node.attrs.title as string | null) ?? null });
    }
  }
  return definitions;
}

/** One ProseMirror block → mdast; `undefined` for what markdown cannot hold (an empty paragraph). */
export function blockToMdast(node: ProseMirrorNode, context: InlineWriteContext): MdNode | undefined {
  const attrs = node.attrs;
  const markup = (attrs.markup as string | null | undefined) ?? null;
  const blocks = () => flowContent(node, context);
  switch (node.type.name) {
    case 'paragraph': {
      const children = phrasingContent(node, context);
      return children.length > 0 ? { type: 'paragraph', children } : undefined;
    }
    case 'heading':
      return { type: 'heading', depth: Number(attrs.level), children: phrasingContent(node, context), data: { markup } };
    case 'horizontalRule':
      return { type: 'thematicBreak' };
    case 'blockquote':
      return { type: 'blockquote', children: blocks() };
    case 'bulletList':
    case 'taskList':
      return { type: 'list', ordered: false, spread: Boolean(attrs.spread), children: blocks(), data: { markup } };
    case 'orderedList':
      return {
        type: 'list',
        ordered: true,
        start: Number(attrs.start ?? 1),
        spread: Boolean(attrs.spread),
        children: blocks(),
        data: { markup },
      };
    case 'listItem':
    case 'taskItem':
      return {
        type: 'listItem',
        spread: Boolean(attrs.spread),
        checked: node.type.name === 'taskItem' ? Boolean(attrs.checked) : null,
        children: blocks(),
      };
    case 'codeBlock':
      return {
        type: 'code',
        lang: (attrs.language as string | null) || null,
        meta: (attrs.meta as string | null) || null,
        value: node.textContent,
        data: { markup },
      };
    case 'htmlBlock':
    case 'frontMatter':
      return { type: 'html', value: String(attrs.raw ?? '') };
    case 'linkDefinition':
      return {
        type: 'definition',
        identifier: String(attrs.identifier ?? ''),
        label: (attrs.label as string | null) ?? null,
        url: String(attrs.url ?? ''),
        title: (attrs.title as string | null) ?? null,
      };
    case 'footnoteDefinition':
      return {
        type: 'footnoteDefinition',
        identifier: String(attrs.identifier ?? ''),
        label: (attrs.label as string | null) ?? null,
        children: blocks(),
      };
    case 'table':
      return tableToMdast(node, context);
    case 'blockMath':
      return { type: 'math', value: String(attrs.latex ?? '') };
    default:
      return node.textContent ? { type: 'paragraph', children: [{ type: 'text', value: node.textContent }] } : undefined;
  }
}

function flowContent(node: ProseMirrorNode, context: InlineWriteContext): MdNode[] {
  const children: MdNode[] = [];
  node.forEach((child) => {
    const converted = blockToMdast(child, context);
    if (converted) children.push(converted);
  });
  return children;
}

function tableToMdast(table: ProseMirrorNode, context: InlineWriteContext): MdNode {
  const rows: MdNode[] = [];
  table.forEach((row) => rows.push(tableRowToMdast(row, context)));
  const align: Array<string | null> = [];
  table.firstChild?.forEach((cell) => align.push((cell.attrs.align as string | null) ?? null));
  return { type: 'table', align, children: rows };
}

export function tableRowToMdast(row: ProseMirrorNode, context: InlineWriteContext): MdNode {
  const cells: MdNode[] = [];
  row.forEach((cell) => cells.push({ type: 'tableCell', children: cellPhrasing(cell, context) }));
  return { type: 'tableRow', children: cells };
}

/** GFM cells hold one line of phrasing; several paragraphs or breaks become `<br>`. */
function cellPhrasing(cell: ProseMirrorNode, context: InlineWriteContext): MdNode[] {
  const result: MdNode[] = [];
  cell.forEach((block) => {
    if (block.inlineContent) {
      const phrasing = phrasingContent(block, context).map((node) =>
        node.type === 'break' ? { type: 'html', value: '<br>' } : node,
      );
      if (result.length > 0 && phrasing.length > 0) result.push({ type: 'html', value: '<br>' });
      result.push(...phrasing);
    } else if (block.textContent) {
      result.push({ type: 'text', value: block.textContent });
    }
  });
  return result;
}

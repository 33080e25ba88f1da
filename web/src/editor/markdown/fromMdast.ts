import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { inlineNodes, type InlineContext } from './fromMdastInline';
import { toLf } from '../../lib/lineEndings';
import { endOffset, normalizeLabel, startOffset, type MdNode } from './mdastNode';
import type { SourceBlock } from './types';

/**
 * mdast → ProseMirror. Every block keeps the source range it came from, so that the serialiser
 * can write unchanged blocks back byte for byte.
 */
export function documentFromMdast(root: MdNode, source: string, schema: Schema, knownDefinitions?: ReadonlyMap<string, MdNode>): SourceBlock {
  // definitions known from elsewhere in the document (a chunk parsed alone) come before its own
  const definitions = knownDefinitions ? new Map([...collectDefinitions(root), ...knownDefinitions]) : collectDefinitions(root);
  const context: InlineContext = { schema, source, definitions };
  const children = convertBlocks(root.children ?? [], context);
  const content = children.map((child) => child.node);
  // The schema needs a block after front matter; an empty paragraph is never written out.
  if (content.every((node) => node.type.name === 'frontMatter')) content.push(schema.nodes.paragraph!.create());
  return { node: schema.nodes.doc!.create(null, content), start: 0, end: source.length, children };
}

function collectDefinitions(root: MdNode): Map<string, MdNode> {
  const definitions = new Map<string, MdNode>();
  const visit = (node: MdNode) => {
    if (node.type === 'definition') {
      const label = normalizeLabel(node.label ?? node.identifier ?? '');
      if (!definitions.has(label)) definitions.set(label, node);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return definitions;
}

function convertBlocks(nodes: readonly MdNode[], context: InlineContext): SourceBlock[] {
  const blocks = nodes.map((node) => convertBlock(node, context));
  return blocks.map((block, index) => {
    const previous = blocks[index - 1];
    return previous && block.start < previous.end ? startAfter(block, previous.end, context.source) : block;
  });
}

/**
 * Definitions are parsed out of the start of a paragraph (or setext heading), whose range still
 * covers them; the block's own bytes begin on the line after.
 */
function startAfter(block: SourceBlock, offset: number, source: string): SourceBlock {
  let start = offset;
  while (source[start] === '\r' || source[start] === '\n') start++;
  return { ...block, start: Math.min(start, block.end) };
}

function convertBlock(node: MdNode, context: InlineContext): SourceBlock {
  const { schema, source } = context;
  const nodes = schema.nodes;
  const leaf = (pmNode: ProseMirrorNode): SourceBlock => ({ node: pmNode, start: startOffset(node), end: endOffset(node) });
  const sourceText = () => toLf(source.slice(startOffset(node), endOffset(node)));
  switch (node.type) {
    case 'paragraph':
      return leaf(nodes.paragraph!.create(null, inlineNodes(node.children ?? [], context)));
    case 'heading': {
      const markup = /^[ \t]*#/.test(source.slice(startOffset(node), endOffset(node))) ? 'atx' : 'setext';
      return leaf(nodes.heading!.create({ level: node.depth ?? 1, markup }, inlineNodes(node.children ?? [], context)));
    }
    case 'thematicBreak':
      return leaf(nodes.horizontalRule!.create());
    case 'blockquote':
      return container(node, 'blockquote', null, context);
    case 'list':
      return convertList(node, context);
    case 'code': {
      const attrs = { language: node.lang ?? null, meta: node.meta ?? null, markup: codeMarkup(sourceText()) };
      const value = toLf(node.value ?? '');
      return leaf(nodes.codeBlock!.create(attrs, value ? schema.text(value) : null));
    }
    case 'html':
      // An unclosed HTML block runs to the end and takes the final line ending with it.
      return leaf(nodes.htmlBlock!.create({ raw: toLf(node.value ?? '').replace(/\n$/, '') }));
    case 'definition':
      return leaf(
        nodes.linkDefinition!.create({
          identifier: node.identifier ?? '',
          label: node.label ?? null,
          url: node.url ?? '',
          title: node.title ?? null,
        }),
      );
    case 'footnoteDefinition':
      return container(node, 'footnoteDefinition', { identifier: node.identifier ?? '', label: node.label ?? null }, context);
    case 'table':
      return convertTable(node, context);
    case 'math':
      return leaf(nodes.blockMath!.create({ latex: toLf(node.value ?? '') }));
    case 'yaml':
    case 'toml':
      return leaf(nodes.frontMatter!.create({ raw: sourceText() }));
    default:
      // Anything unknown survives as its source text.
      return leaf(nodes.htmlBlock!.create({ raw: sourceText() }));
  }
}

function codeMarkup(text: string): string {
  const fence = /^[ \t]*(`{3,}|~{3,})/.exec(text);
  if (!fence) return 'indented';
  return fence[1]!.startsWith('~') ? '~~~' : '```';
}

/** A block that holds blocks; an empty one (`>`, `-`) gets an empty paragraph to hold the cursor. */
function container(
  node: MdNode,
  typeName: string,
  attrs: Record<string, unknown> | null,
  context: InlineContext,
): SourceBlock {
  const children = convertBlocks(node.children ?? [], context);
  const content =
    children.length > 0 ? children.map((child) => child.node) : [context.schema.nodes.paragraph!.create()];
  return {
    node: context.schema.nodes[typeName]!.create(attrs, content),
    start: startOffset(node),
    end: endOffset(node),
    children,
  };
}

function convertList(node: MdNode, context: InlineContext): SourceBlock {
  const items = node.children ?? [];
  const marker = /^[ \t]*(?:([-*+])|\d{1,9}([.)]))/.exec(context.source.slice(startOffset(node), endOffset(node)));
  const spread = node.spread ?? false;
  const children = items.map((item) => {
    const isTask = typeof item.checked === 'boolean';
    const attrs = isTask ? { checked: item.checked, spread: item.spread ?? false } : { spread: item.spread ?? false };
    const block = container(item, isTask ? 'taskItem' : 'listItem', attrs, context);
    return startAfterMarker(block, context.source, isTask);
  });
  const content = children.map((child) => child.node);
  const { nodes } = context.schema;
  let list: ProseMirrorNode;
  if (node.ordered) {
    list = nodes.orderedList!.create({ start: node.start ?? 1, spread, markup: marker?.[2] ?? '.' }, content);
  } else {
    const allTasks = items.every((item) => typeof item.checked === 'boolean');
    list = nodes[allTasks ? 'taskList' : 'bulletList']!.create({ spread, markup: marker?.[1] ?? '-' }, content);
  }
  return { node: list, start: startOffset(node), end: endOffset(node), children };
}

/**
 * The checkbox and the spaces after the marker belong to the item's frame, not to its first
 * paragraph: mdast only moves the paragraph's start past a checkbox when the paragraph begins
 * with text, and a tab after the marker is partly content indentation.
 */
function startAfterMarker(item: SourceBlock, source: string, isTask: boolean): SourceBlock {
  const first = item.children?.[0];
  if (!first || (first.node.type.name !== 'paragraph' && first.node.type.name !== 'heading')) return item;
  const lead = (isTask ? /^(?:\[[ xX]\])?[ \t]*/ : /^[ \t]*/).exec(source.slice(first.start, first.end))![0];
  if (lead.length === 0) return item;
  return { ...item, children: [{ ...first, start: first.start + lead.length }, ...item.children!.slice(1)] };
}

function convertTable(node: MdNode, context: InlineContext): SourceBlock {
  const { nodes } = context.schema;
  const align = node.align ?? [];
  const rows = node.children ?? [];
  const columns = rows[0]?.children?.length ?? 0;
  const children = rows.map((row, rowIndex): SourceBlock => {
    const cellType = rowIndex === 0 ? nodes.tableHeader! : nodes.tableCell!;
    const cells = (row.children ?? []).map((cell, column) =>
      cellType.create({ align: align[column] ?? null }, nodes.paragraph!.create(null, inlineNodes(cell.children ?? [], context))),
    );
    // GFM fills short rows with empty cells; doing it here keeps the editor from "fixing" the table.
    for (let column = cells.length; column < columns; column++) {
      cells.push(cellType.create({ align: align[column] ?? null }, nodes.paragraph!.create()));
    }
    return { node: nodes.tableRow!.create(null, cells), start: startOffset(row), end: endOffset(row) };
  });
  return {
    node: nodes.table!.create(null, children.map((child) => child.node)),
    start: startOffset(node),
    end: endOffset(node),
    children,
  };
}

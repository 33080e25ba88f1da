import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { normalizeLabel, type MdNode } from './mdastNode';

export interface DefinitionTarget {
  readonly url: string;
  readonly title: string | null;
}

export interface InlineWriteContext {
  /** The link reference definitions of the current document, by normalised label. */
  readonly definitions: ReadonlyMap<string, DefinitionTarget>;
}

interface OpenMark {
  readonly mark: Mark;
  readonly node: MdNode;
}

/**
 * ProseMirror inline content → mdast phrasing. Marks become nested nodes; where several marks
 * start together, the one that runs furthest opens first, so `**[a](u) b**` stays one strong.
 */
export function phrasingContent(parent: ProseMirrorNode, context: InlineWriteContext): MdNode[] {
  const items: ProseMirrorNode[] = [];
  parent.forEach((child) => items.push(child));
  const root: MdNode = { type: 'root', children: [] };
  const stack: OpenMark[] = [];
  const top = () => stack[stack.length - 1]?.node ?? root;

  items.forEach((item, index) => {
    const marks = item.marks.filter((mark) => mark.type.name !== 'code');
    let keep = 0;
    while (keep < stack.length && marks.some((mark) => mark.eq(stack[keep]!.mark))) keep++;
    stack.length = keep;
    const toOpen = marks
      .filter((mark) => !stack.some((open) => open.mark.eq(mark)))
      .sort((a, b) => runLength(items, index, b) - runLength(items, index, a) || nestingRank(a) - nestingRank(b));
    for (const mark of toOpen) {
      const node = markNode(mark, items, index, context);
      top().children!.push(node);
      stack.push({ mark, node });
    }
    const leaf = leafNode(item, context);
    if (leaf) top().children!.push(leaf);
  });
  return mergeAdjacentText(root.children!);
}

// Where marks cover the same text, CommonMark reads `***x***` as emphasis around strong.
const NESTING_ORDER = ['link', 'italic', 'bold', 'strike'];

function nestingRank(mark: Mark): number {
  const rank = NESTING_ORDER.indexOf(mark.type.name);
  return rank < 0 ? NESTING_ORDER.length : rank;
}

/** How many items from `index` on carry `mark`. */
function runLength(items: readonly ProseMirrorNode[], index: number, mark: Mark): number {
  let end = index;
  while (end < items.length && mark.isInSet(items[end]!.marks)) end++;
  return end - index;
}

function leafNode(item: ProseMirrorNode, context: InlineWriteContext): MdNode | undefined {
  const attrs = item.attrs;
  switch (item.type.name) {
    case 'text':
      if (item.marks.some((mark) => mark.type.name === 'code')) return { type: 'inlineCode', value: item.text ?? '' };
      return { type: 'text', value: item.text ?? '' };
    case 'hardBreak':
      return { type: 'break', data: { markup: attrs.markup as string | null } };
    case 'image':
      return imageNode(item, context);
    case 'htmlInline':
      return { type: 'html', value: String(attrs.raw ?? '') };
    case 'inlineMath':
      return { type: 'inlineMath', value: String(attrs.latex ?? '') };
    case 'footnoteReference':
      return { type: 'footnoteReference', identifier: String(attrs.identifier ?? ''), label: attrs.label ?? null };
    default:
      return item.textContent ? { type: 'text', value: item.textContent } : undefined;
  }
}

function imageNode(item: ProseMirrorNode, context: InlineWriteContext): MdNode {
  const { src, alt, title, referenceType, referenceLabel } = item.attrs;
  const url = String(src ?? '');
  const reference = referenceNode('imageReference', url, title, referenceType, referenceLabel, String(alt ?? ''), context);
  if (reference) return { ...reference, alt: alt ?? null };
  return { type: 'image', url, title: title ?? null, alt: alt ?? null };
}

/**
 * A reference (`[text][label]`, `[label][]`, `[label]`) is kept only while its definition still
 * gives the same target; `[text][]` and `[text]` only resolve while the text still is the label.
 */
function referenceNode(
  type: 'linkReference' | 'imageReference',
  url: string,
  title: unknown,
  referenceType: unknown,
  referenceLabel: unknown,
  text: string,
  context: InlineWriteContext,
): MdNode | undefined {
  if (!referenceType || typeof referenceLabel !== 'string') return undefined;
  const label = normalizeLabel(referenceLabel);
  const definition = context.definitions.get(label);
  if (!definition || definition.url !== url || definition.title !== (title ?? null)) return undefined;
  const sameText = normalizeLabel(text) === label;
  return {
    type,
    identifier: label.toLowerCase(),
    label: referenceLabel,
    referenceType: sameText ? String(referenceType) : 'full',
  };
}

function markNode(mark: Mark, items: readonly ProseMirrorNode[], index: number, context: InlineWriteContext): MdNode {
  const markup = (mark.attrs.markup as string | null | undefined) ?? null;
  switch (mark.type.name) {
    case 'bold':
      return { type: 'strong', children: [], data: { markup } };
    case 'italic':
      return { type: 'emphasis', children: [], data: { markup } };
    case 'strike':
      return { type: 'delete', children: [] };
    case 'link':
      return linkNode(mark, linkText(items, index, mark), context);
    default:
      return { type: 'emphasis', children: [] };
  }
}

function linkText(items: readonly ProseMirrorNode[], index: number, mark: Mark): string {
  let text = '';
  for (let at = index; at < items.length && mark.isInSet(items[at]!.marks); at++) text += items[at]!.textContent;
  return text;
}

function linkNode(mark: Mark, text: string, context: InlineWriteContext): MdNode {
  const { href, title, referenceType, referenceLabel, markup } = mark.attrs;
  const url = String(href ?? '');
  const reference = referenceNode('linkReference', url, title, referenceType, referenceLabel, text, context);
  if (reference) return { ...reference, children: [] };
  return { type: 'link', url, title: title ?? null, children: [], data: { markup: markup ?? null } };
}

function mergeAdjacentText(nodes: MdNode[]): MdNode[] {
  const result: MdNode[] = [];
  for (const node of nodes) {
    if (node.children) node.children = mergeAdjacentText(node.children);
    const previous = result[result.length - 1];
    if (previous?.type === 'text' && node.type === 'text') previous.value = (previous.value ?? '') + (node.value ?? '');
    else result.push(node);
  }
  return result;
}

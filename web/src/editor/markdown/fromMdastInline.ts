import type { Mark, Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { toLf } from '../../lib/lineEndings';
import { startOffset, endOffset, normalizeLabel, type MdNode } from './mdastNode';

export interface InlineContext {
  readonly schema: Schema;
  readonly source: string;
  /** Link reference definitions by normalised label; the first definition of a label wins. */
  readonly definitions: ReadonlyMap<string, MdNode>;
}

/** mdast phrasing content → ProseMirror inline nodes, with emphasis & co. as marks. */
export function inlineNodes(children: readonly MdNode[], context: InlineContext): ProseMirrorNode[] {
  const result: ProseMirrorNode[] = [];
  for (const child of children) appendInline(child, [], context, result);
  return result;
}

function appendInline(node: MdNode, marks: readonly Mark[], context: InlineContext, out: ProseMirrorNode[]): void {
  const { schema } = context;
  const withMark = (mark: Mark) => {
    const inner = mark.addToSet(marks);
    for (const child of node.children ?? []) appendInline(child, inner, context, out);
  };
  switch (node.type) {
    case 'text':
      if (node.value) out.push(schema.text(toLf(node.value), marks));
      return;
    case 'emphasis':
      return withMark(schema.marks.italic!.create({ markup: delimiterAt(node, context) }));
    case 'strong':
      return withMark(schema.marks.bold!.create({ markup: delimiterAt(node, context) }));
    case 'delete':
      return withMark(schema.marks.strike!.create());
    case 'inlineCode': {
      // CommonMark reads a line ending inside a code span as a space (mdast keeps the raw one).
      const value = (node.value ?? '').replace(/\r\n|\r|\n/g, ' ');
      if (value) out.push(schema.text(value, schema.marks.code!.create().addToSet(marks)));
      return;
    }
    case 'link':
      return withMark(
        schema.marks.link!.create({ href: node.url ?? '', title: node.title ?? null, markup: linkMarkup(node, context) }),
      );
    case 'linkReference':
      return withMark(schema.marks.link!.create({ ...resolveReference(node, context), ...referenceAttrs(node) }));
    case 'image':
      out.push(schema.nodes.image!.create({ src: node.url ?? '', alt: node.alt ?? null, title: node.title ?? null }, null, marks));
      return;
    case 'imageReference': {
      const { href, title } = resolveReference(node, context);
      const attrs = { src: href, alt: node.alt ?? null, title, ...referenceAttrs(node) };
      out.push(schema.nodes.image!.create(attrs, null, marks));
      return;
    }
    case 'break':
      out.push(schema.nodes.hardBreak!.create({ markup: breakMarkup(node, context) }, null, marks));
      return;
    case 'html':
      out.push(schema.nodes.htmlInline!.create({ raw: toLf(node.value ?? '') }, null, marks));
      return;
    case 'inlineMath':
      out.push(schema.nodes.inlineMath!.create({ latex: toLf(node.value ?? '') }, null, marks));
      return;
    case 'footnoteReference':
      out.push(
        schema.nodes.footnoteReference!.create({ identifier: node.identifier ?? '', label: node.label ?? null }, null, marks),
      );
      return;
    default: {
      // Unknown phrasing keeps its source text rather than vanishing.
      const text = context.source.slice(startOffset(node), endOffset(node));
      if (text) out.push(schema.text(toLf(text), marks));
    }
  }
}

function delimiterAt(node: MdNode, context: InlineContext): string {
  return context.source.charAt(startOffset(node)) === '_' ? '_' : '*';
}

function linkMarkup(node: MdNode, context: InlineContext): string | null {
  const first = context.source.charAt(startOffset(node));
  if (first === '<') return 'autolink';
  if (first !== '[') return 'literal';
  return 'inline';
}

function breakMarkup(node: MdNode, context: InlineContext): string {
  const text = context.source.slice(startOffset(node), endOffset(node)).replace(/(\r\n|\r|\n)$/, '');
  return text.startsWith('\\') ? '\\' : text;
}

function referenceAttrs(node: MdNode): { referenceType: string; referenceLabel: string } {
  return { referenceType: node.referenceType ?? 'full', referenceLabel: node.label ?? node.identifier ?? '' };
}

function resolveReference(node: MdNode, context: InlineContext): { href: string; title: string | null } {
  const definition = context.definitions.get(normalizeLabel(node.label ?? node.identifier ?? ''));
  return { href: definition?.url ?? '', title: definition?.title ?? null };
}

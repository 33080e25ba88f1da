import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { applyLineEnding, toLf } from '../../lib/lineEndings';
import { withoutNeedlessEscapes } from './minimalEscapes';
import type { MdNode } from './mdastNode';
import { stringifyMdast } from './stringify';
import { blockToMdast, tableRowToMdast } from './toMdast';
import type { WriterContext } from './writerContext';

/**
 * Prefixes every line but the first with `linePrefix` (the quote markers and indentation of the
 * containers around the block); blank lines get the prefix without trailing spaces.
 */
export function indentFollowingLines(text: string, linePrefix: string): string {
  if (!linePrefix) return text;
  const blank = linePrefix.trimEnd();
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? line : line ? linePrefix + line : blank))
    .join('\n');
}

function finish(text: string, linePrefix: string, context: WriterContext): string {
  return applyLineEnding(indentFollowingLines(text, linePrefix), context.lineEnding);
}

function stripMarkup(node: MdNode): MdNode {
  const { data: _data, children, ...rest } = node;
  return children ? { ...rest, children: children.map(stripMarkup) } : rest;
}

function toMdast(node: ProseMirrorNode, context: WriterContext, markupOverride?: string): MdNode | undefined {
  let mdast = blockToMdast(node, context.inline);
  if (mdast && !context.keepMarkup) mdast = stripMarkup(mdast);
  if (mdast && markupOverride !== undefined) mdast.data = { ...mdast.data, markup: markupOverride };
  return mdast;
}

/** Writes a block from scratch; '' for what markdown cannot hold (an empty paragraph). */
export function writeFreshBlock(
  node: ProseMirrorNode,
  linePrefix: string,
  context: WriterContext,
  markupOverride?: string,
  previousText?: string,
): string {
  if (node.type.name === 'frontMatter') return finish(toLf(String(node.attrs.raw ?? '')), linePrefix, context);
  // source not parsed yet is its own exact bytes
  if (node.type.name === 'unparsedSource') return String(node.attrs.raw ?? '');
  const mdast = toMdast(node, context, markupOverride);
  if (!mdast) return '';
  let text = stringifyMdast([mdast], { conventions: context.conventions });
  if (context.reparse) text = withoutNeedlessEscapes(text, node, previousText, context.reparse);
  return finish(text, linePrefix, context);
}

/** Writes one item of `list` from scratch, numbered `number` if the list is ordered. */
export function writeFreshItem(
  item: ProseMirrorNode,
  list: ProseMirrorNode,
  number: number,
  linePrefix: string,
  context: WriterContext,
): string {
  const mdItem = toMdast(item, context);
  const mdList = toMdast(list.type.create(list.attrs, item), context);
  if (!mdItem || !mdList) return '';
  mdList.children = [mdItem];
  if (mdList.ordered) mdList.start = number;
  return finish(stringifyMdast([mdList], { conventions: context.conventions }), linePrefix, context);
}

/** Writes one table row from scratch, without padding (the other rows keep theirs). */
export function writeFreshRow(row: ProseMirrorNode, align: Array<string | null>, context: WriterContext): string {
  const table: MdNode = { type: 'table', align, children: [tableRowToMdast(row, context.inline)] };
  const text = stringifyMdast([table], { conventions: context.conventions, tablePipeAlign: false });
  return applyLineEnding(text.split('\n')[0] ?? '', context.lineEnding);
}

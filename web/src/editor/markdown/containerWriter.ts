import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { alignChildren, type ChildMatch } from './alignChildren';
import { followsInSource, needsBlankLine, planSeparations } from './blockSeparation';
import { writeFreshBlock, writeFreshItem, writeFreshRow } from './freshWriter';
import { markdownAttributes } from './nodeKey';
import type { SourceBlock } from './types';
import type { WriterContext } from './writerContext';

type ContainerKind = 'flow' | 'list' | 'table';

const CONTAINER_KINDS: Record<string, ContainerKind> = {
  doc: 'flow',
  blockquote: 'flow',
  listItem: 'flow',
  taskItem: 'flow',
  footnoteDefinition: 'flow',
  bulletList: 'list',
  orderedList: 'list',
  taskList: 'list',
  table: 'table',
};

/** One child as written: its text and the bytes that separate it from the child before. */
export interface WrittenChild {
  readonly match: ChildMatch;
  readonly text: string;
  readonly gapBefore: string;
  /** Whether `gapBefore` is the original separator (false: made up, or first child). */
  readonly gapFromSource: boolean;
}

/**
 * Writes the children of `parent`, reusing the original bytes of every child that did not
 * change and of the separators between children that are still neighbours.
 */
export function writeChildren(
  parent: ProseMirrorNode,
  original: SourceBlock | undefined,
  childPrefix: string,
  context: WriterContext,
): WrittenChild[] {
  const kind = CONTAINER_KINDS[parent.type.name] ?? 'flow';
  const current: ProseMirrorNode[] = [];
  parent.forEach((child) => current.push(child));
  const originals = original?.children ?? [];
  const matches = alignChildren(current, originals).map((match) =>
    match.status === 'same' && context.staleReference(match.node) ? { ...match, status: 'modified' as const } : match,
  );
  // An empty paragraph cannot be written in markdown, unless it stands for an original block.
  const emitted = (index: number) => matches[index]!.status === 'same' || !isEmptyParagraph(matches[index]!.node);
  const overrides = kind === 'flow' ? planSeparations(matches, context.conventions, emitted) : new Map<number, string>();
  const written: WrittenChild[] = [];
  matches.forEach((match, index) => {
    if (!emitted(index)) return;
    const override = overrides.get(index);
    let text: string;
    if (match.status === 'same' && override === undefined) text = sliceOf(match.original!, context);
    else if (kind === 'list') text = writeItem(match, parent, original, index, childPrefix, context);
    else if (kind === 'table') text = writeRow(match, parent, context);
    else text = writeBlock(match, childPrefix, context, override);

    const previous = written[written.length - 1];
    if (previous && kind === 'table' && written.length === 1 && originals.length >= 2 && !followsInSource(previous.match, match)) {
      // The delimiter row lives between the header and the first body row.
      written.push({ match, text, gapBefore: context.source.slice(originals[0]!.end, originals[1]!.start), gapFromSource: false });
    } else {
      written.push({ match, text, ...gapBetween(previous?.match, match, parent, childPrefix, context) });
    }
  });
  return written;
}

/** The bytes between a written child and the one written before it (none for the first). */
export function gapBetween(
  previous: ChildMatch | undefined,
  match: ChildMatch,
  parent: ProseMirrorNode,
  childPrefix: string,
  context: WriterContext,
): { gapBefore: string; gapFromSource: boolean } {
  if (!previous) return { gapBefore: '', gapFromSource: false };
  if (followsInSource(previous, match)) return { gapBefore: context.source.slice(previous.original!.end, match.original!.start), gapFromSource: true };
  const blank = CONTAINER_KINDS[parent.type.name] !== 'table' && needsBlankLine(previous.node, match.node, parent);
  const eol = context.lineEnding;
  return { gapBefore: eol + (blank ? childPrefix.trimEnd() + eol : '') + childPrefix + ownIndentation(match, childPrefix, context), gapFromSource: false };
}

/**
 * An unchanged top-level block keeps the indentation of its first line (` ```js` indented by one
 * space strips one space from each code line), which the source range leaves in the separator.
 */
function ownIndentation(match: ChildMatch, childPrefix: string, context: WriterContext): string {
  if (match.status !== 'same' || childPrefix !== '' || !match.original) return '';
  const before = context.source.slice(0, match.original.start);
  return /(?:^|[\r\n])([ \t]*)$/.exec(before)?.[1] ?? '';
}

export function joinChildren(children: readonly WrittenChild[]): string {
  return children.map((child) => child.gapBefore + child.text).join('');
}

export function sliceOf(block: SourceBlock, context: WriterContext): string {
  return context.source.slice(block.start, block.end);
}

export function isEmptyParagraph(node: ProseMirrorNode): boolean {
  return node.type.name === 'paragraph' && node.childCount === 0;
}

/** A changed block: look inside if it is a container that kept its frame, else write it anew. */
export function writeBlock(match: ChildMatch, linePrefix: string, context: WriterContext, markupOverride?: string): string {
  if (match.status === 'modified' && match.original && markupOverride === undefined && context.reuseInside) {
    const text = writeContainer(match.node, match.original, linePrefix, context);
    if (text !== undefined) return text;
  }
  const previousText = match.original ? sliceOf(match.original, context) : undefined;
  return writeFreshBlock(match.node, linePrefix, context, markupOverride, previousText);
}

function writeItem(
  match: ChildMatch,
  list: ProseMirrorNode,
  originalList: SourceBlock | undefined,
  index: number,
  linePrefix: string,
  context: WriterContext,
): string {
  if (match.status === 'modified' && match.original && context.reuseInside) {
    const text = writeContainer(match.node, match.original, linePrefix, context);
    if (text !== undefined) return text;
  }
  return writeFreshItem(match.node, list, itemNumber(list, originalList, index, context), linePrefix, context);
}

/** New items continue the list's numbering; lists written `1. 1. 1.` keep doing that. */
function itemNumber(list: ProseMirrorNode, original: SourceBlock | undefined, index: number, context: WriterContext): number {
  const start = Number(list.attrs.start ?? 1);
  const numbers = (original?.children ?? []).map((item) => Number(/^\d+/.exec(sliceOf(item, context))?.[0] ?? NaN));
  if (numbers.length >= 2 && numbers.every((value) => value === numbers[0])) return numbers[0]!;
  return start + index;
}

function writeRow(match: ChildMatch, table: ProseMirrorNode, context: WriterContext): string {
  const align: Array<string | null> = [];
  table.firstChild?.forEach((cell) => align.push((cell.attrs.align as string | null) ?? null));
  return writeFreshRow(match.node, align, context);
}

/**
 * Writes a changed container whose own markup is unchanged: the original frame (`> `, `- [ ] `,
 * `1. `), then its children, unchanged ones byte for byte. `undefined` when that cannot be done.
 */
function writeContainer(
  node: ProseMirrorNode,
  original: SourceBlock,
  linePrefix: string,
  context: WriterContext,
): string | undefined {
  const kind = CONTAINER_KINDS[node.type.name];
  const children = original.children;
  if (!kind || !children || children.length === 0 || !sameFrame(node, original.node)) return undefined;
  const childPrefix = childLinePrefix(node, original, linePrefix, context);
  if (childPrefix === undefined) return undefined;
  let frame = context.source.slice(original.start, children[0]!.start);
  if (node.type.name === 'taskItem' && node.attrs.checked !== original.node.attrs.checked) {
    frame = frame.replace(/\[[ xX]\]/, node.attrs.checked ? '[x]' : '[ ]');
  }
  const tail = context.source.slice(children[children.length - 1]!.end, original.end);
  return frame + joinChildren(writeChildren(node, original, childPrefix, context)) + tail;
}

/** Whether the container itself (not its content) is unchanged, so its original frame fits. */
function sameFrame(node: ProseMirrorNode, originalNode: ProseMirrorNode): boolean {
  if (node.type.name !== originalNode.type.name) return false;
  const ignore = node.type.name === 'taskItem' ? 0 : -1; // a toggled checkbox is patched in the frame
  const attrs = markdownAttributes(node.type.name, node.attrs);
  const originalAttrs = markdownAttributes(originalNode.type.name, originalNode.attrs);
  if (attrs.some((value, index) => index !== ignore && value !== originalAttrs[index])) return false;
  if (node.type.name !== 'table') return true;
  const columns = (table: ProseMirrorNode) => {
    const align: unknown[] = [];
    table.firstChild?.forEach((cell) => align.push(cell.attrs.align ?? null));
    return JSON.stringify(align);
  };
  return columns(node) === columns(originalNode);
}

const PREFIX_CHARACTERS = /^[ \t>]*$/;

/** The text between the start of the line and `offset`, if it is only indentation and `>`. */
function linePrefixAt(source: string, offset: number): string | undefined {
  const lineStart = Math.max(source.lastIndexOf('\n', offset - 1), source.lastIndexOf('\r', offset - 1)) + 1;
  const prefix = source.slice(lineStart, offset);
  return PREFIX_CHARACTERS.test(prefix) ? prefix : undefined;
}

/**
 * What new lines inside the container start with. Taken from the source where a child starts
 * a line (so it matches the author's indentation), else derived from the container's marker.
 */
function childLinePrefix(
  node: ProseMirrorNode,
  original: SourceBlock,
  linePrefix: string,
  context: WriterContext,
): string | undefined {
  const children = original.children ?? [];
  // A child after a marker on its line (`- a`, `[^1]: a`) has a prefix with other characters.
  const candidates = children
    .map((child) => linePrefixAt(context.source, child.start))
    .filter((prefix): prefix is string => prefix !== undefined);
  if (candidates.length > 0) return candidates.reduce((shortest, prefix) => (prefix.length < shortest.length ? prefix : shortest));
  switch (node.type.name) {
    case 'blockquote':
      return `${linePrefix}> `;
    case 'footnoteDefinition':
      return `${linePrefix}    `;
    case 'listItem':
    case 'taskItem': {
      const frame = context.source.slice(original.start, children[0]!.start);
      // Tabs stay tabs so that continuation lines line up the same way.
      const marker = /^((?:[-*+]|\d{1,9}[.)])[ \t]{1,4})(?:\[[ xX]\][ \t]*)?$/.exec(frame);
      return marker ? linePrefix + marker[1]!.replace(/[^\t]/g, ' ') : undefined;
    }
    default:
      return linePrefix;
  }
}

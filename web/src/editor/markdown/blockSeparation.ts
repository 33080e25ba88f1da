import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { ChildMatch } from './alignChildren';
import type { MarkdownConventions } from './types';

/**
 * Whether two blocks that were not next to each other in the source need a blank line between
 * them. Outside lists always; inside a tight list item only where the blocks would otherwise
 * run together (the same cases mdast-util-to-markdown guards against).
 */
export function needsBlankLine(left: ProseMirrorNode, right: ProseMirrorNode, parent: ProseMirrorNode): boolean {
  const parentType = parent.type.name;
  if (parentType === 'bulletList' || parentType === 'orderedList' || parentType === 'taskList') {
    return Boolean(parent.attrs.spread);
  }
  if (parentType !== 'listItem' && parentType !== 'taskItem') return true;
  if (parent.attrs.spread) return true;
  const leftType = left.type.name;
  const rightType = right.type.name;
  if (leftType === 'htmlBlock') return true;
  if (leftType === 'blockquote' && rightType === 'blockquote') return true;
  if (leftType !== 'paragraph' && leftType !== 'linkDefinition') return false;
  if (rightType === 'paragraph' || rightType === 'linkDefinition' || rightType === 'htmlBlock') return true;
  if (rightType === 'heading' || rightType === 'horizontalRule') return true;
  if (rightType === 'codeBlock' && right.attrs.markup === 'indented') return true;
  if (rightType === 'orderedList' && Number(right.attrs.start ?? 1) !== 1) return true;
  return false;
}

/** The marker a list is written with: its own, or the document's for a new list. */
export function effectiveListMarker(list: ProseMirrorNode, conventions: MarkdownConventions): string {
  const markup = list.attrs.markup as string | null;
  if (list.type.name === 'orderedList') return markup === ')' || markup === '.' ? markup : conventions.orderedDelimiter;
  return markup === '*' || markup === '+' || markup === '-' ? markup : conventions.bullet;
}

/** Whether `next` came right after `previous` in the source, so the bytes between them still fit. */
export function followsInSource(previous: ChildMatch, next: ChildMatch): boolean {
  return previous.originalIndex >= 0 && next.originalIndex === previous.originalIndex + 1;
}

function isList(node: ProseMirrorNode): boolean {
  const type = node.type.name;
  return type === 'bulletList' || type === 'orderedList' || type === 'taskList';
}

function otherMarker(marker: string): string {
  if (marker === '.') return ')';
  if (marker === ')') return '.';
  return marker === '-' ? '*' : '-';
}

/**
 * Blocks that would merge with the block before them once they become neighbours: two lists
 * with the same marker (one list), or indented code after a list (part of the last item).
 * Returns, by child index, the markup to write such a block with instead.
 */
export function planSeparations(
  matches: readonly ChildMatch[],
  conventions: MarkdownConventions,
  written: (index: number) => boolean,
): Map<number, string> {
  const overrides = new Map<number, string>();
  let previous: { index: number; node: ProseMirrorNode; marker?: string } | undefined;
  matches.forEach((match, index) => {
    if (!written(index)) return;
    const node = match.node;
    let marker = isList(node) ? effectiveListMarker(node, conventions) : undefined;
    const adjacentInSource = previous !== undefined && followsInSource(matches[previous.index]!, match);
    if (previous && !adjacentInSource) {
      const left = previous.node;
      const sameListKind =
        isList(left) && isList(node) && (left.type.name === 'orderedList') === (node.type.name === 'orderedList');
      if (sameListKind && marker !== undefined && marker === previous.marker) {
        marker = otherMarker(marker);
        overrides.set(index, marker);
      } else if (
        (isList(left) || left.type.name === 'footnoteDefinition') &&
        node.type.name === 'codeBlock' &&
        node.attrs.markup === 'indented'
      ) {
        overrides.set(index, conventions.fence === '~' ? '~~~' : '```');
      }
    }
    previous = { index, node, marker };
  });
  return overrides;
}

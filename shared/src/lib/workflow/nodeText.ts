import { Scalar, isAlias, isCollection, isScalar, visit, type Node, type Pair } from 'yaml';
import { refuse } from './refusal';
import { contentEnd, lineEnd } from './sourceText';

export type SourceRange = [number, number, number];

/** The source range of a node parsed from text; nodes without one were not parsed from the source. */
export function rangeOf(node: unknown): SourceRange {
  const range = (node as Node | null)?.range;
  if (!range) throw new Error('node without a source range');
  return range;
}

/** End of the node's own text (block nodes' ranges run on over their final line break). */
export function nodeContentEnd(src: string, node: unknown): number {
  const [start, valueEnd] = rangeOf(node);
  return contentEnd(src, start, valueEnd);
}

/** End of a pair's last character of content: its value's, or its key's when the value is empty. */
export function pairContentEnd(src: string, pair: Pair): number {
  const value = pair.value as Node | null;
  const keyEnd = rangeOf(pair.key)[1];
  if (!value?.range) return keyEnd;
  return Math.max(keyEnd, nodeContentEnd(src, value));
}

export type ValueShape = 'empty' | 'inline' | 'blockCollection' | 'blockScalar';

export function shapeOf(value: unknown): ValueShape {
  const node = value as Node | null;
  if (!node?.range || (isScalar(node) && node.range[0] === node.range[1])) return 'empty';
  if (isCollection(node)) return node.flow ? 'inline' : 'blockCollection';
  if (isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)) return 'blockScalar';
  return 'inline';
}

export function scalarTypeOf(value: unknown): Scalar.Type | undefined {
  return isScalar(value) ? value.type : undefined;
}

/** The quoting style shared by all `items`, when they are all single- or all double-quoted. */
export function sharedQuoting(items: readonly unknown[]): Scalar.Type | undefined {
  const types = new Set(items.map((item) => (isScalar(item) ? item.type : undefined)));
  const [only] = types;
  return types.size === 1 && (only === Scalar.QUOTE_SINGLE || only === Scalar.QUOTE_DOUBLE) ? only : undefined;
}

/** Refuses removing or replacing a subtree that defines an anchor: its aliases would dangle. */
export function checkNoAnchorInside(value: unknown, label: string): void {
  if (isAlias(value) || !value || typeof value !== 'object') return;
  let anchor: string | undefined;
  visit(value as Node, {
    Node(_, node) {
      if (!isAlias(node) && node.anchor) {
        anchor = node.anchor;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (anchor) {
    refuse(`${label} defines the anchor &${anchor}; replacing or removing it would break every *${anchor} alias — use document.write`);
  }
}

/**
 * Where new lines go after `last` (a pair or list item): after its final line of text — except
 * that a `|+`/`>+` block scalar owns its trailing blank lines, so they are kept in front.
 */
export function insertionPoint(src: string, lastValue: unknown, lastContentEnd: number): { at: number; atLineStart: boolean } {
  const value = lastValue as Node | null;
  if (isScalar(value) && value.range && shapeOf(value) === 'blockScalar' && /^[|>][1-9]?\+/.test(src.slice(value.range[0]))) {
    const end = value.range[1];
    if (end > 0 && src[end - 1] === '\n') return { at: end, atLineStart: true };
  }
  return { at: lineEnd(src, lastContentEnd), atLineStart: false };
}

/** Text that inserts `lines` at an insertion point. */
export function insertedLines(point: { atLineStart: boolean }, lines: string[], eol: string): string {
  return point.atLineStart ? lines.join(eol) + eol : eol + lines.join(eol);
}

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { nodeKey } from './nodeKey';
import type { SourceBlock } from './types';

/**
 * How a current child relates to the children parsed from the source:
 * `same` (equal to `original`, its bytes can be reused), `modified` (same kind of block in the
 * same place, worth looking inside), or `fresh` (no counterpart).
 */
export interface ChildMatch {
  readonly node: ProseMirrorNode;
  readonly original?: SourceBlock;
  readonly originalIndex: number;
  readonly status: 'same' | 'modified' | 'fresh';
}

const originalKeys = new WeakMap<SourceBlock, string>();

function keyOf(block: SourceBlock): string {
  let key = originalKeys.get(block);
  if (key === undefined) {
    key = nodeKey(block.node);
    originalKeys.set(block, key);
  }
  return key;
}

/** How many children at the start (`head`) and at the end (`tail`) equal the original ones in the same place. */
export interface AlignedEnds {
  readonly head: number;
  readonly tail: number;
}

/**
 * Lines up current children with original ones. Edits are usually local, so the common head
 * and tail are matched first; the middle is matched greedily in order.
 */
export function alignChildren(current: readonly ProseMirrorNode[], originals: readonly SourceBlock[]): ChildMatch[] {
  return matchesOf(current, originals, alignEnds(current, originals));
}

/** Every child's match, given the common head and tail. */
export function matchesOf(current: readonly ProseMirrorNode[], originals: readonly SourceBlock[], ends: AlignedEnds): ChildMatch[] {
  const matches: ChildMatch[] = [];
  for (let index = 0; index < ends.head; index++) matches.push(sameMatch(current[index]!, originals, index));
  matches.push(...alignMiddle(current, originals, ends));
  const shift = originals.length - current.length;
  for (let index = current.length - ends.tail; index < current.length; index++) matches.push(sameMatch(current[index]!, originals, index + shift));
  return matches;
}

/**
 * The common head and tail. `known` says how long they are at least (children known to equal
 * theirs, e.g. unchanged since an earlier alignment): only what lies beyond is compared.
 */
export function alignEnds(current: readonly ProseMirrorNode[], originals: readonly SourceBlock[], known: AlignedEnds = { head: 0, tail: 0 }): AlignedEnds {
  let head = known.head;
  while (head < current.length && head < originals.length && nodeKey(current[head]!) === keyOf(originals[head]!)) head++;
  let tail = Math.min(known.tail, current.length - head, originals.length - head);
  while (
    tail < current.length - head &&
    tail < originals.length - head &&
    nodeKey(current[current.length - 1 - tail]!) === keyOf(originals[originals.length - 1 - tail]!)
  ) {
    tail++;
  }
  return { head, tail };
}

/** The match of a child equal to an original (in the common head or tail). */
export function sameMatch(node: ProseMirrorNode, originals: readonly SourceBlock[], originalIndex: number): ChildMatch {
  return { node, original: originals[originalIndex], originalIndex, status: 'same' };
}

/** The matches of the children between the common head and tail. */
export function alignMiddle(current: readonly ProseMirrorNode[], originals: readonly SourceBlock[], { head, tail }: AlignedEnds): ChildMatch[] {
  const currentEnd = current.length - tail;
  const originalEnd = originals.length - tail;
  const pairedOriginal = matchMiddle(current, originals, head, currentEnd, originalEnd);
  return pairModified(current, originals, pairedOriginal, head, currentEnd, originalEnd);
}

/** Per middle child (from `from`), the original it equals, or -1. */
function matchMiddle(
  current: readonly ProseMirrorNode[],
  originals: readonly SourceBlock[],
  from: number,
  currentEnd: number,
  originalEnd: number,
): number[] {
  const pairedOriginal = new Array<number>(currentEnd - from).fill(-1);
  const positions = new Map<string, number[]>();
  for (let index = from; index < originalEnd; index++) {
    const key = keyOf(originals[index]!);
    const list = positions.get(key);
    if (list) list.push(index);
    else positions.set(key, [index]);
  }
  let lastOriginal = from - 1;
  for (let index = from; index < currentEnd; index++) {
    const candidates = positions.get(nodeKey(current[index]!));
    const next = candidates?.find((position) => position > lastOriginal);
    if (next !== undefined) {
      pairedOriginal[index - from] = next;
      lastOriginal = next;
    }
  }
  return pairedOriginal;
}

/** Between two matched children, unmatched children of the same type pair up in order. */
function pairModified(
  current: readonly ProseMirrorNode[],
  originals: readonly SourceBlock[],
  pairedOriginal: readonly number[],
  from: number,
  currentEnd: number,
  originalEnd: number,
): ChildMatch[] {
  const matches: ChildMatch[] = [];
  const paired = (index: number) => pairedOriginal[index - from]!;
  let index = from;
  let lastOriginal = from - 1;
  while (index < currentEnd) {
    if (paired(index) >= 0) {
      matches.push({ node: current[index]!, original: originals[paired(index)], originalIndex: paired(index), status: 'same' });
      lastOriginal = paired(index);
      index++;
      continue;
    }
    let runEnd = index;
    while (runEnd < currentEnd && paired(runEnd) < 0) runEnd++;
    // the child after the run is matched in the middle, or is the first of the common tail
    const nextOriginal = runEnd < currentEnd ? paired(runEnd) : originalEnd;
    let candidate = lastOriginal + 1;
    for (; index < runEnd; index++) {
      const node = current[index]!;
      const original = candidate < nextOriginal ? originals[candidate] : undefined;
      if (original && original.node.type.name === node.type.name) {
        matches.push({ node, original, originalIndex: candidate, status: 'modified' });
        candidate++;
      } else {
        matches.push({ node, originalIndex: -1, status: 'fresh' });
      }
    }
  }
  return matches;
}

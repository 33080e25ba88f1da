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

/**
 * Lines up current children with original ones. Edits are usually local, so the common head
 * and tail are matched first; the middle is matched greedily in order.
 */
export function alignChildren(current: readonly ProseMirrorNode[], originals: readonly SourceBlock[]): ChildMatch[] {
  const currentKeys = current.map((node) => nodeKey(node));
  const pairedOriginal = new Array<number>(current.length).fill(-1);

  let head = 0;
  while (head < current.length && head < originals.length && currentKeys[head] === keyOf(originals[head]!)) {
    pairedOriginal[head] = head;
    head++;
  }
  let tail = 0;
  while (
    tail < current.length - head &&
    tail < originals.length - head &&
    currentKeys[current.length - 1 - tail] === keyOf(originals[originals.length - 1 - tail]!)
  ) {
    pairedOriginal[current.length - 1 - tail] = originals.length - 1 - tail;
    tail++;
  }

  matchMiddle(currentKeys, originals, pairedOriginal, head, current.length - tail, originals.length - tail);
  return pairModified(current, originals, pairedOriginal);
}

function matchMiddle(
  currentKeys: readonly string[],
  originals: readonly SourceBlock[],
  pairedOriginal: number[],
  from: number,
  currentEnd: number,
  originalEnd: number,
): void {
  const positions = new Map<string, number[]>();
  for (let index = from; index < originalEnd; index++) {
    const key = keyOf(originals[index]!);
    const list = positions.get(key);
    if (list) list.push(index);
    else positions.set(key, [index]);
  }
  let lastOriginal = from - 1;
  for (let index = from; index < currentEnd; index++) {
    const candidates = positions.get(currentKeys[index]!);
    const next = candidates?.find((position) => position > lastOriginal);
    if (next !== undefined) {
      pairedOriginal[index] = next;
      lastOriginal = next;
    }
  }
}

/** Between two matched children, unmatched children of the same type pair up in order. */
function pairModified(
  current: readonly ProseMirrorNode[],
  originals: readonly SourceBlock[],
  pairedOriginal: readonly number[],
): ChildMatch[] {
  const matches: ChildMatch[] = [];
  let index = 0;
  let lastOriginal = -1;
  while (index < current.length) {
    const paired = pairedOriginal[index]!;
    if (paired >= 0) {
      matches.push({ node: current[index]!, original: originals[paired], originalIndex: paired, status: 'same' });
      lastOriginal = paired;
      index++;
      continue;
    }
    let runEnd = index;
    while (runEnd < current.length && pairedOriginal[runEnd]! < 0) runEnd++;
    const nextOriginal = runEnd < current.length ? pairedOriginal[runEnd]! : originals.length;
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

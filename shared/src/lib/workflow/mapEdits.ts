import { isAlias, isMap, isSeq, type Node, type Pair } from 'yaml';
import type { EditContext } from './editContext';
import { deepEqual, type Intent, type Plan } from './intent';
import type { JsonValue } from './irPatch';
import { findPair, joinLabel, type MapRef } from './navigate';
import {
  checkNoAnchorInside,
  insertedLines,
  insertionPoint,
  nodeContentEnd,
  pairContentEnd,
  rangeOf,
  scalarTypeOf,
  shapeOf,
  sharedQuoting,
} from './nodeText';
import { renderFlow, renderPairLines, renderPairValue, type ValueHints } from './render';
import {
  colonAfter,
  column,
  commentToLineEnd,
  lineEnd,
  lineStart,
  nextLineStart,
  removeLines,
  type TextEdit,
} from './sourceText';
import { blockSeqOffset, localIndentStep, localSeqOffset, nestedMapStep, siblingScalarListIsFlow } from './style';

/** Sets `key` in `map` to `value`, replacing its value or adding the pair; null when nothing changes. */
export function setKey(ctx: EditContext, map: MapRef, key: string, value: JsonValue, hints: ValueHints = {}): Plan | null {
  const path = [...map.path, key];
  const pair = findPair(map.node, key);
  if (!pair) return { edit: insertPair(ctx, map, key, value, hints), intent: { op: 'set', path, value } };
  if (!isAlias(pair.value) && deepEqual(plainAt(ctx.plain, path), value)) return null;
  checkNoAnchorInside(pair.value, joinLabel(map, key));
  return { edit: replaceValue(ctx, map, pair, value, hints), intent: { op: 'set', path, value } };
}

/** Removes `key` from `map`; a block mapping left empty becomes `{}`. Null when the key is absent. */
export function deleteKey(ctx: EditContext, map: MapRef, key: string): Plan | null {
  const pair = findPair(map.node, key);
  if (!pair) return null;
  checkNoAnchorInside(pair.value, joinLabel(map, key));
  const intent: Intent = { op: 'delete', path: [...map.path, key] };
  if (map.node.items.length === 1 && !map.node.flow && map.owner && map.parent) {
    return { edit: replaceValue(ctx, map.parent, map.owner, {}, {}), intent };
  }
  return { edit: removePair(ctx, map, pair), intent };
}

export function replaceValue(ctx: EditContext, map: MapRef, pair: Pair, value: JsonValue, hints: ValueHints): TextEdit {
  const { src, style } = ctx;
  const old = pair.value as Node | null;
  const sepEnd = colonAfter(src, rangeOf(pair.key)[1]);
  const shape = shapeOf(old);
  if (map.node.flow) {
    const text = renderFlow(value, style, scalarTypeOf(old));
    if (shape === 'empty') return { start: sepEnd, end: sepEnd, text: ` ${text}` };
    return { start: rangeOf(old)[0], end: rangeOf(old)[1], text };
  }
  const keyCol = column(src, rangeOf(pair.key)[0]);
  const styleHints = { ...hintsFromNode(src, pair, map), ...definedOnly(hints) };
  const rendered = renderPairValue(value, keyCol, sepEnd - lineStart(src, sepEnd), style, styleHints);
  if (rendered.lines.length === 0 && shape === 'inline') {
    return { start: rangeOf(old)[0], end: rangeOf(old)[1], text: rendered.inline.trimStart() };
  }
  if (rendered.lines.length === 0 && shape === 'empty') return { start: sepEnd, end: sepEnd, text: rendered.inline };
  const { end, comment } = replacedSpan(src, old, sepEnd);
  const head = rendered.inline + (comment ? ` ${comment}` : '');
  return { start: sepEnd, end, text: [head, ...rendered.lines].join(style.eol) };
}

/** Where the old value's text ends (at a line end) and the comment that must survive on the key line. */
function replacedSpan(src: string, old: Node | null, sepEnd: number): { end: number; comment: string } {
  switch (shapeOf(old)) {
    case 'empty':
      return { end: lineEnd(src, sepEnd), comment: commentToLineEnd(src, sepEnd) };
    case 'inline': {
      const valueEnd = rangeOf(old)[1];
      return { end: lineEnd(src, valueEnd), comment: commentToLineEnd(src, valueEnd) };
    }
    case 'blockCollection':
      return { end: lineEnd(src, nodeContentEnd(src, old)), comment: commentToLineEnd(src, sepEnd) };
    case 'blockScalar': {
      const start = rangeOf(old)[0];
      const header = src.slice(start, lineEnd(src, start));
      return { end: lineEnd(src, nodeContentEnd(src, old)), comment: /\s(#.*)$/.exec(header)?.[1] ?? '' };
    }
  }
}

export function insertPair(ctx: EditContext, map: MapRef, key: string, value: JsonValue, hints: ValueHints): TextEdit {
  const { src, style } = ctx;
  const items = map.node.items;
  const last = items[items.length - 1];
  if (map.node.flow) {
    const text = `${renderFlow(key, style)}: ${renderFlow(value, style)}`;
    if (!last) return fillEmptyFlow(ctx, rangeOf(map.node), text);
    const end = pairContentEnd(src, last);
    return { start: end, end, text: `, ${text}` };
  }
  if (!last) throw new Error('an empty block mapping cannot exist');
  const keyCol = column(src, rangeOf(items[0]?.key)[0]);
  const styleHints = { ...siblingHints(src, map), ...definedOnly(hints) };
  const lines = renderPairLines(key, value, keyCol, style, styleHints);
  const point = insertionPoint(src, last.value, pairContentEnd(src, last));
  return { start: point.at, end: point.at, text: insertedLines(point, lines, style.eol) };
}

export function removePair(ctx: EditContext, map: MapRef, pair: Pair): TextEdit {
  const { src } = ctx;
  const items = map.node.items;
  const index = items.indexOf(pair);
  const start = rangeOf(pair.key)[0];
  const end = pairContentEnd(src, pair);
  if (map.node.flow) return removeFlowEntry(src, items, index, start, end, (item) => rangeOf(item.key)[0], (item) => pairContentEnd(src, item));
  const first = lineStart(src, start);
  if (src.slice(first, start).trim() === '') return removeLines(src, first, nextLineStart(src, lineEnd(src, end)));
  // The first pair of a mapping written as a list item (`- key: v`): the next pair moves up behind the `-`.
  const next = items[index + 1];
  if (index !== 0 || !next) throw new Error('unexpected mapping layout');
  return { start, end: rangeOf(next.key)[0], text: '' };
}

/** Removes one entry of a flow collection together with one neighbouring comma. */
export function removeFlowEntry<T>(
  src: string,
  items: readonly T[],
  index: number,
  start: number,
  end: number,
  startOf: (item: T) => number,
  endOf: (item: T) => number,
): TextEdit {
  const next = items[index + 1];
  if (next !== undefined) return { start, end: startOf(next), text: '' };
  const previous = items[index - 1];
  if (previous !== undefined) return { start: endOf(previous), end, text: '' };
  return { start, end, text: '' };
}

/** Writes the first entry into an empty flow collection `{}` / `[]`. */
export function fillEmptyFlow(ctx: EditContext, range: [number, number, number], text: string): TextEdit {
  const padding = ctx.style.flowPadding ? ' ' : '';
  return { start: range[0] + 1, end: range[1] - 1, text: padding + text + padding };
}

function hintsFromNode(src: string, pair: Pair, map: MapRef): ValueHints {
  const old = pair.value;
  const hints: ValueHints = { ...siblingHints(src, map), scalarType: scalarTypeOf(old) };
  if (isSeq(old)) {
    hints.flowSeq = !!old.flow;
    hints.itemScalarType = sharedQuoting(old.items);
    hints.seqOffset = blockSeqOffset(src, pair) ?? hints.seqOffset;
  }
  if (isMap(old)) {
    hints.flowMap = !!old.flow && old.items.length > 0;
    hints.indentStep = nestedMapStep(src, pair) ?? hints.indentStep;
  }
  return hints;
}

function siblingHints(src: string, map: MapRef): ValueHints {
  return {
    flowScalarSeq: siblingScalarListIsFlow(map.node),
    indentStep: localIndentStep(src, map.node),
    seqOffset: localSeqOffset(src, map.node),
  };
}

function definedOnly(hints: ValueHints): ValueHints {
  return Object.fromEntries(Object.entries(hints).filter(([, value]) => value !== undefined));
}

export function plainAt(plain: unknown, path: readonly (string | number)[]): unknown {
  let node = plain;
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}


import { isMap, isScalar, isSeq, visit, type Document, type Pair, type YAMLMap } from 'yaml';
import { column, detectEol } from './sourceText';

/** How the file lays out what it already has, so that new text looks like its neighbours. */
export interface SourceStyle {
  eol: '\n' | '\r\n';
  /** Columns a nested block mapping is indented below its key. */
  indentStep: number;
  /** Column of a block sequence's `-` minus the column of its key (0 = "`- ` at the key's indent"). */
  seqOffset: number;
  /** `[ a, b ]` rather than `[a, b]`. */
  flowPadding: boolean;
}

const DEFAULT_INDENT_STEP = 2;

export function detectStyle(src: string, doc: Document): SourceStyle {
  let indentStep: number | undefined;
  let seqOffset: number | undefined;
  let flowPadding: boolean | undefined;
  visit(doc, {
    Pair(_, pair) {
      indentStep ??= nestedMapStep(src, pair);
      seqOffset ??= blockSeqOffset(src, pair);
    },
    Collection(_, node) {
      if (node.flow && node.items.length > 0 && node.range) flowPadding ??= src[node.range[0] + 1] === ' ';
    },
  });
  const step = indentStep ?? DEFAULT_INDENT_STEP;
  return { eol: detectEol(src), indentStep: step, seqOffset: seqOffset ?? step, flowPadding: flowPadding ?? false };
}

/** The indent step used by the siblings in `map`, if one of them holds a nested block mapping. */
export function localIndentStep(src: string, map: YAMLMap): number | undefined {
  for (const pair of map.items) {
    const step = nestedMapStep(src, pair);
    if (step !== undefined) return step;
  }
  return undefined;
}

/** The sequence offset used by the siblings in `map`, if one of them holds a block sequence. */
export function localSeqOffset(src: string, map: YAMLMap): number | undefined {
  for (const pair of map.items) {
    const offset = blockSeqOffset(src, pair);
    if (offset !== undefined) return offset;
  }
  return undefined;
}

/** Whether siblings in `map` write their lists of scalars as flow (`[a, b]`) or block lists. */
export function siblingScalarListIsFlow(map: YAMLMap): boolean | undefined {
  for (const pair of map.items) {
    const value = pair.value;
    if (isSeq(value) && value.items.length > 0 && value.items.every((item) => isScalar(item))) return !!value.flow;
  }
  return undefined;
}

export function nestedMapStep(src: string, pair: Pair): number | undefined {
  const key = pair.key;
  const value = pair.value;
  if (!isScalar(key) || !key.range || !isMap(value) || value.flow) return undefined;
  const firstKey = value.items[0]?.key;
  if (!isScalar(firstKey) || !firstKey.range) return undefined;
  const step = column(src, firstKey.range[0]) - column(src, key.range[0]);
  return step > 0 ? step : undefined;
}

export function blockSeqOffset(src: string, pair: Pair): number | undefined {
  const key = pair.key;
  const value = pair.value;
  if (!isScalar(key) || !key.range || !isSeq(value) || value.flow) return undefined;
  const first = value.items[0] as { range?: [number, number, number] } | undefined;
  if (!first?.range) return undefined;
  const dash = dashBefore(src, first.range[0]);
  if (dash === -1) return undefined;
  const offset = column(src, dash) - column(src, key.range[0]);
  return offset >= 0 ? offset : undefined;
}

/** Offset of the `-` indicator of the block-sequence item that starts at `itemStart`, or -1. */
export function dashBefore(src: string, itemStart: number): number {
  let pos = itemStart - 1;
  while (pos >= 0 && (src[pos] === ' ' || src[pos] === '\t')) pos--;
  return src[pos] === '-' ? pos : -1;
}

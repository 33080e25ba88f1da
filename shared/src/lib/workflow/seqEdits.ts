import type { Node } from 'yaml';
import type { EditContext } from './editContext';
import type { Plan } from './intent';
import type { JsonValue } from './irPatch';
import { fillEmptyFlow, removeFlowEntry } from './mapEdits';
import type { SeqRef } from './navigate';
import { checkNoAnchorInside, insertedLines, insertionPoint, nodeContentEnd, rangeOf, sharedQuoting } from './nodeText';
import { renderFlow, renderSeqItemLines } from './render';
import { column, lineEnd, lineStart, nextLineStart, removeLines } from './sourceText';
import { dashBefore } from './style';

export function appendItem(ctx: EditContext, seq: SeqRef, value: JsonValue): Plan {
  const { src, style } = ctx;
  const items = seq.node.items as Node[];
  const last = items[items.length - 1];
  const intent = { op: 'append', path: seq.path, value } as const;
  if (seq.node.flow) {
    const text = renderFlow(value, style, sharedQuoting(items));
    if (!last) return { edit: fillEmptyFlow(ctx, rangeOf(seq.node), text), intent };
    const end = nodeContentEnd(src, last);
    return { edit: { start: end, end, text: `, ${text}` }, intent };
  }
  if (!last) throw new Error('an empty block sequence cannot exist');
  const dash = dashBefore(src, rangeOf(last)[0]);
  if (dash === -1) throw new Error('block sequence item without a dash');
  const lines = renderSeqItemLines(value, column(src, dash), style, sharedQuoting(items));
  const point = insertionPoint(src, last, nodeContentEnd(src, last));
  return { edit: { start: point.at, end: point.at, text: insertedLines(point, lines, style.eol) }, intent };
}

export function removeItem(ctx: EditContext, seq: SeqRef, index: number): Plan {
  const { src } = ctx;
  const items = seq.node.items as Node[];
  const item = items[index];
  checkNoAnchorInside(item, `${seq.label}[${index}]`);
  const intent = { op: 'removeItem', path: seq.path, index } as const;
  const start = rangeOf(item)[0];
  const end = nodeContentEnd(src, item);
  if (seq.node.flow) {
    const startOf = (node: Node): number => rangeOf(node)[0];
    const endOf = (node: Node): number => nodeContentEnd(src, node);
    return { edit: removeFlowEntry(src, items, index, start, end, startOf, endOf), intent };
  }
  const dash = dashBefore(src, start);
  const first = lineStart(src, dash);
  if (dash === -1 || src.slice(first, dash).trim() !== '') throw new Error('unexpected list layout');
  return { edit: removeLines(src, first, nextLineStart(src, lineEnd(src, end))), intent };
}

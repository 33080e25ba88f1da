import { Document, Scalar, isCollection, isMap, isScalar, visit } from 'yaml';
import type { JsonValue } from './irPatch';
import { spaces } from './sourceText';
import type { SourceStyle } from './style';

/** Style taken over from the node being replaced, or from its siblings. */
export interface ValueHints {
  /** The replaced node was a flow (true) or block (false) list. */
  flowSeq?: boolean | undefined;
  /** Sibling lists of scalars are written flow (true) or block (false). */
  flowScalarSeq?: boolean | undefined;
  /** The replaced mapping was a non-empty flow mapping (`{a: 1}`). */
  /** The replaced mapping was a non-empty flow mapping (`{a: 1}`). */
  flowMap?: boolean | undefined;
  scalarType?: Scalar.Type | undefined;
  /** Quoting shared by all items of the replaced list. */
  itemScalarType?: Scalar.Type | undefined;
  indentStep?: number | undefined;
  seqOffset?: number | undefined;
}

/** A value as it follows `key:` — `inline` (with its leading space, or empty) and the lines below. */
export interface RenderedValue {
  inline: string;
  lines: string[];
}

const MAX_FLOW_LINE = 80;
const BLOCK_TYPES: readonly string[] = [Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED];
const QUOTE_TYPES: readonly string[] = [Scalar.QUOTE_SINGLE, Scalar.QUOTE_DOUBLE];

/** Renders `value` after a block-mapping key at column `keyCol`; `lineWidth` is the text before it. */
export function renderPairValue(
  value: JsonValue,
  keyCol: number,
  lineWidth: number,
  style: SourceStyle,
  hints: ValueHints = {},
): RenderedValue {
  if (value === null) return { inline: '', lines: [] };
  if (Array.isArray(value)) return renderListValue(value, keyCol, lineWidth, style, hints);
  if (typeof value === 'object') {
    if (Object.keys(value).length === 0) return { inline: ' {}', lines: [] };
    if (hints.flowMap) return { inline: ` ${renderFlow(value, style)}`, lines: [] };
    return { inline: '', lines: renderMapEntries(value, keyCol + (hints.indentStep ?? style.indentStep), style) };
  }
  if (typeof value === 'string' && wantsBlockScalar(value, hints.scalarType)) {
    return renderBlockScalar(value, keyCol, style, hints);
  }
  return { inline: ` ${renderScalar(value, hints.scalarType)}`, lines: [] };
}

/** Full lines for a new `key: value` pair whose key sits at column `keyCol`. */
export function renderPairLines(
  key: string,
  value: JsonValue,
  keyCol: number,
  style: SourceStyle,
  hints: ValueHints = {},
): string[] {
  const head = `${spaces(keyCol)}${renderScalar(key)}:`;
  const rendered = renderPairValue(value, keyCol, head.length, style, hints);
  return [head + rendered.inline, ...rendered.lines];
}

/** Full lines for a new block-sequence item whose `-` sits at column `dashCol`. */
export function renderSeqItemLines(item: JsonValue, dashCol: number, style: SourceStyle, itemType?: Scalar.Type): string[] {
  const dash = `${spaces(dashCol)}-`;
  if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length > 0) {
    const [first = '', ...rest] = renderMapEntries(item, dashCol + 2, style);
    return [`${dash} ${first.slice(dashCol + 2)}`, ...rest];
  }
  if (typeof item === 'string' && item.includes('\n')) {
    const block = renderBlockScalar(item, dashCol, style, {});
    return [dash + block.inline, ...block.lines];
  }
  const text = item === null || typeof item !== 'object' ? renderScalar(item, itemType) : renderFlow(item, style, itemType);
  return [`${dash} ${text}`];
}

/** One-line flow rendering (`[a, b]`, `{k: v}`, or a scalar); `scalarType` quotes its strings. */
export function renderFlow(value: JsonValue, style: SourceStyle, scalarType?: Scalar.Type): string {
  // Flow context forbids more in plain scalars (`,[]{}`), so a scalar is rendered as a list item.
  if (value === null || typeof value !== 'object') return renderFlow([value], { ...style, flowPadding: false }, scalarType).slice(1, -1);
  const doc = new Document(value);
  visit(doc, {
    Collection(_, node) {
      node.flow = true;
    },
    Scalar(_, node) {
      if (typeof node.value !== 'string') return;
      if (node.value.includes('\n')) node.type = Scalar.QUOTE_DOUBLE;
      else if (scalarType && QUOTE_TYPES.includes(scalarType)) node.type = scalarType;
    },
  });
  const text = stripFinalNewline(doc.toString({ lineWidth: 0, flowCollectionPadding: style.flowPadding }));
  if (text.includes('\n')) throw new Error('flow rendering spilled over several lines');
  return text;
}

/** A scalar on one line, keeping a quoting style taken over from the replaced scalar when possible. */
export function renderScalar(value: string | number | boolean | null, scalarType?: Scalar.Type): string {
  const doc = new Document(value);
  const node = doc.contents;
  if (typeof value === 'string' && isScalar(node)) {
    if (value.includes('\n')) node.type = Scalar.QUOTE_DOUBLE;
    else if (scalarType && QUOTE_TYPES.includes(scalarType)) node.type = scalarType;
  }
  return stripFinalNewline(doc.toString({ lineWidth: 0 }));
}

function renderListValue(
  list: JsonValue[],
  keyCol: number,
  lineWidth: number,
  style: SourceStyle,
  hints: ValueHints,
): RenderedValue {
  if (list.length === 0) return { inline: ' []', lines: [] };
  const scalarsOnly = list.every((item) => item === null || typeof item !== 'object');
  const flowText = scalarsOnly || hints.flowSeq ? renderFlow(list, style, hints.itemScalarType) : '';
  const flow = hints.flowSeq ?? (scalarsOnly && (hints.flowScalarSeq ?? lineWidth + 1 + flowText.length <= MAX_FLOW_LINE));
  if (flow) return { inline: ` ${flowText}`, lines: [] };
  const dashCol = keyCol + (hints.seqOffset ?? style.seqOffset);
  return { inline: '', lines: list.flatMap((item) => renderSeqItemLines(item, dashCol, style, hints.itemScalarType)) };
}

function renderMapEntries(map: { [key: string]: JsonValue }, keyCol: number, style: SourceStyle): string[] {
  return Object.entries(map).flatMap(([key, value]) => renderPairLines(key, value, keyCol, style));
}

function wantsBlockScalar(value: string, scalarType: Scalar.Type | undefined): boolean {
  if (scalarType && BLOCK_TYPES.includes(scalarType)) return true;
  return value.includes('\n') && scalarType !== Scalar.QUOTE_DOUBLE;
}

/** `|`/`>` block scalar: yaml renders `x: |…` at column 0, which is then shifted to `keyCol`. */
function renderBlockScalar(value: string, keyCol: number, style: SourceStyle, hints: ValueHints): RenderedValue {
  const doc = new Document({ x: value });
  const node = isMap(doc.contents) ? doc.contents.items[0]?.value : undefined;
  if (!isScalar(node) || isCollection(node)) throw new Error('block scalar rendering failed');
  node.type = hints.scalarType === Scalar.BLOCK_FOLDED ? Scalar.BLOCK_FOLDED : Scalar.BLOCK_LITERAL;
  const step = hints.indentStep ?? style.indentStep;
  const [head = 'x:', ...body] = stripFinalNewline(doc.toString({ indent: step, lineWidth: 0 })).split('\n');
  return { inline: head.slice('x:'.length), lines: body.map((line) => (line ? spaces(keyCol) + line : line)) };
}

function stripFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

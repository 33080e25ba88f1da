import { isAlias, isMap, isScalar, isSeq, Scalar, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { parseWorkflow } from '../applyPatches';
import type { IRPatch } from '../irPatch';

/** The expected single hunk: where it starts, how many old lines go, and the new lines (no `\r`). */
export interface ExpectedChange {
  at: number;
  removed: number;
  added: (string | RegExp)[];
}

export interface FixtureCase {
  title: string;
  patch: IRPatch;
  expected: ExpectedChange;
}

export interface ParsedFixture {
  src: string;
  doc: Document;
  /** Lines without line terminators. */
  lines: string[];
}

export function parseFixture(src: string): ParsedFixture {
  return { src, doc: parseWorkflow(src), lines: src.split('\n').map((line) => line.replace(/\r$/, '')) };
}

export function lineOf(src: string, offset: number): number {
  let line = 0;
  for (let i = src.indexOf('\n'); i !== -1 && i < offset; i = src.indexOf('\n', i + 1)) line++;
  return line;
}

export function columnOf(src: string, offset: number): number {
  return offset - (src.lastIndexOf('\n', offset - 1) + 1);
}

function rangeOf(node: unknown): [number, number, number] {
  const range = (node as Node | null)?.range;
  if (!range) throw new Error('node without range');
  return range;
}

export function keyLine(f: ParsedFixture, pair: Pair): number {
  return lineOf(f.src, rangeOf(pair.key)[0]);
}

export function keyColumn(f: ParsedFixture, pair: Pair): number {
  return columnOf(f.src, rangeOf(pair.key)[0]);
}

/** Line of the last character of a node (block nodes' ranges run on over trailing line breaks). */
export function lastLineOf(f: ParsedFixture, node: unknown): number {
  const [start, end] = rangeOf(node);
  let pos = end;
  while (pos > start && /\s/.test(f.src[pos - 1] ?? '')) pos--;
  return lineOf(f.src, Math.max(start, pos - 1));
}

export function lastLineOfPair(f: ParsedFixture, pair: Pair): number {
  const value = pair.value as Node | null;
  if (!value?.range || value.range[0] === value.range[1]) return keyLine(f, pair);
  return Math.max(keyLine(f, pair), lastLineOf(f, value));
}

export function pairOf(map: unknown, key: string): Pair | undefined {
  if (!isMap(map)) return undefined;
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

export function keysOf(map: YAMLMap): string[] {
  return map.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
}

export function lastPair(map: YAMLMap): Pair {
  const pair = map.items[map.items.length - 1];
  if (!pair) throw new Error('empty mapping');
  return pair;
}

/** A plain mapping: block style, no anchor, not an alias, no `<<` key. */
export function isPlainBlockMap(node: unknown): node is YAMLMap {
  return isMap(node) && !node.flow && !node.anchor && !node.items.some((pair) => isScalar(pair.key) && pair.key.value === '<<');
}

export function isSingleLineScalar(f: ParsedFixture, node: unknown): node is Scalar {
  if (!isScalar(node) || isAlias(node) || node.anchor || !node.range || node.range[0] === node.range[1]) return false;
  if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) return false;
  return lineOf(f.src, node.range[0]) === lineOf(f.src, node.range[1]);
}

/** The line holding `node` with the node's text replaced by `text` (single-line nodes only). */
export function lineWithNodeReplaced(f: ParsedFixture, node: unknown, text: string): string {
  const [start, end] = rangeOf(node);
  const line = f.lines[lineOf(f.src, start)] ?? '';
  const col = columnOf(f.src, start);
  return line.slice(0, col) + text + line.slice(col + (end - start));
}

/** `text` in the quoting style of the scalar it replaces. */
export function inQuotesOf(node: Scalar, text: string): string {
  if (node.type === Scalar.QUOTE_SINGLE) return `'${text}'`;
  if (node.type === Scalar.QUOTE_DOUBLE) return `"${text}"`;
  return text;
}

/** Quotes new list items like the existing ones when those all share single or double quotes. */
export function quoteLikeItems(items: readonly unknown[]): (text: string) => string {
  const types = new Set(items.map((item) => (isScalar(item) ? item.type : undefined)));
  const [only] = types;
  if (types.size !== 1 || !isScalar(items[0])) return (text) => text;
  return (text) => (only === Scalar.QUOTE_SINGLE || only === Scalar.QUOTE_DOUBLE ? inQuotesOf(items[0] as Scalar, text) : text);
}

/** Every job id with a plain block mapping, in order. */
export function plainJobs(f: ParsedFixture): { id: string; pair: Pair; map: YAMLMap }[] {
  const jobs = pairOf(f.doc.contents, 'jobs')?.value;
  if (!isMap(jobs)) return [];
  return jobs.items.flatMap((pair) =>
    isPlainBlockMap(pair.value) ? [{ id: String((pair.key as Scalar).value), pair, map: pair.value }] : [],
  );
}

/** Every plain block step mapping with its job id and index. */
export function plainSteps(f: ParsedFixture): { jobId: string; index: number; map: YAMLMap }[] {
  return plainJobs(f).flatMap(({ id, map }) => {
    const steps = pairOf(map, 'steps')?.value;
    if (!isSeq(steps)) return [];
    return steps.items.flatMap((step, index) => (isPlainBlockMap(step) ? [{ jobId: id, index, map: step }] : []));
  });
}

export function spaces(count: number): string {
  return ' '.repeat(count);
}

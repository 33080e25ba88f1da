import { LineCounter, parseDocument, visit } from 'yaml';
import { isMergeKey } from './navigate';

/**
 * Positions (1-based line and column) of `<<` merge keys, which GitHub Actions does not support
 * although it accepts anchors and aliases.
 */
export function findMergeKeys(source: string): { line: number; col: number }[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, version: '1.2', merge: false });
  const found: { line: number; col: number }[] = [];
  visit(doc, {
    Pair(_, pair) {
      const start = (pair.key as { range?: [number, number, number] } | null)?.range?.[0];
      if (isMergeKey(pair) && start !== undefined) found.push(lineCounter.linePos(start));
    },
  });
  return found;
}

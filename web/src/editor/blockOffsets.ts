import type { WindowStore } from '../state/store';
import { parseTab } from './parsedDocs';

/**
 * Source offsets where each top-level markdown block of the tab's text starts (front matter,
 * paragraphs, lists …), from the parse the tab keeps: switching to WYSIWYG renders from the same
 * parse, and switching from it finds the one the WYSIWYG made, so the text is not parsed twice.
 */
export function blockStarts(store: WindowStore, tabId: string, markdown: string): number[] {
  return (parseTab(store, tabId, markdown).root.children ?? []).map((block) => block.start);
}

export function blockIndexAt(starts: readonly number[], offset: number): number {
  let index = 0;
  starts.forEach((start, i) => {
    if (start <= offset) index = i;
  });
  return index;
}

export function blockStart(starts: readonly number[], index: number): number {
  return starts[Math.min(index, starts.length - 1)] ?? 0;
}

import { parseMarkdown } from './markdown';

/** Source offsets where each top-level markdown block starts (front matter, paragraphs, lists …). */
export function blockStarts(markdown: string): number[] {
  return (parseMarkdown(markdown).root.children ?? []).map((block) => block.start);
}

export function blockIndexAt(markdown: string, offset: number): number {
  const starts = blockStarts(markdown);
  let index = 0;
  starts.forEach((start, i) => {
    if (start <= offset) index = i;
  });
  return index;
}

export function blockStart(markdown: string, index: number): number {
  const starts = blockStarts(markdown);
  return starts[Math.min(index, starts.length - 1)] ?? 0;
}

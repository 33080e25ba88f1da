/**
 * A structural view of any mdast node of our dialect (CommonMark, GFM, math, front matter).
 * The typed mdast unions do not cover the extension nodes without module augmentation, and the
 * converters only read or write these fields.
 */
export interface MdNode {
  type: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MdNode[];
  value?: string;
  depth?: number;
  ordered?: boolean | null;
  start?: number | null;
  spread?: boolean | null;
  checked?: boolean | null;
  lang?: string | null;
  meta?: string | null;
  url?: string;
  title?: string | null;
  alt?: string | null;
  identifier?: string;
  label?: string | null;
  referenceType?: string;
  align?: Array<string | null> | null;
  data?: { markup?: string | null };
}

export function startOffset(node: MdNode): number {
  return node.position?.start.offset ?? 0;
}

export function endOffset(node: MdNode): number {
  return node.position?.end.offset ?? 0;
}

/** micromark's label normalisation: labels match case-insensitively, whitespace collapsed. */
export function normalizeLabel(label: string): string {
  return label.replace(/[\t\n\r ]+/g, ' ').trim().toLowerCase().toUpperCase();
}

/** What a site reader hands to the Markdown step. */
export interface ReaderArticle {
  title: string;
  byline: string | null;
  content: Element;
  /** Characters of plain text in `content`. */
  textLength: number;
}

/** A site plugin: it claims a page by its DOM and reads it, or declines with null. */
export interface SiteReader {
  id: string;
  /** `doc` is a visible-only copy of the page; the reader may change it. */
  read(doc: Document): ReaderArticle | null;
}

export function plainTextLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

// Any other page: Mozilla Readability on the visible-only copy of the document; if it finds no
// article, the body without navigation, forms and other page furniture.

import { Readability } from '@mozilla/readability';
import { plainTextLength, type ReaderArticle } from './article';
import { isElement } from '../dom/realm';

const FURNITURE = 'nav, aside, footer, header, form, iframe, svg, script, style, noscript, template, [role=navigation], [role=banner], [role=contentinfo]';

export function readGeneric(doc: Document): ReaderArticle {
  // Readability takes the document apart; the fallback needs it whole.
  const article = new Readability<Node>(doc.cloneNode(true) as Document, { serializer: (node) => node }).parse();
  if (isElement(article?.content) && (article.length ?? 0) > 0) {
    return {
      title: article.title?.trim() || doc.title.trim(),
      byline: article.byline?.trim() || null,
      content: article.content,
      textLength: plainTextLength(article.content),
    };
  }
  const body = doc.body ?? doc.createElement('body');
  for (const furniture of Array.from(body.querySelectorAll(FURNITURE))) furniture.remove();
  return { title: doc.title.trim(), byline: null, content: body, textLength: plainTextLength(body) };
}

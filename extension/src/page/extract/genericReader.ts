// Any other page: Mozilla Readability on a visible-only clone of the document; if it finds no
// article, the body without navigation, forms and other page furniture.

import { Readability } from '@mozilla/readability';
import { cloneVisibleDocument } from '../dom/visibleClone';
import { plainTextLength, type ReaderArticle } from './article';

const FURNITURE = 'nav, aside, footer, header, form, iframe, svg, script, style, noscript, template, [role=navigation], [role=banner], [role=contentinfo]';

export function readGeneric(): ReaderArticle {
  const article = new Readability<Node>(cloneVisibleDocument(), { serializer: (node) => node }).parse();
  if (article?.content instanceof Element && (article.length ?? 0) > 0) {
    return {
      title: article.title?.trim() || document.title.trim(),
      byline: article.byline?.trim() || null,
      content: article.content,
      textLength: plainTextLength(article.content),
    };
  }
  const body = cloneVisibleDocument().body ?? document.createElement('body');
  for (const furniture of Array.from(body.querySelectorAll(FURNITURE))) furniture.remove();
  return { title: document.title.trim(), byline: null, content: body, textLength: plainTextLength(body) };
}

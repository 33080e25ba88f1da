// Wikipedia (any MediaWiki page, recognised by its DOM): the article body without the wiki
// chrome — infoboxes, navboxes, hatnotes, [edit] links, the table of contents, reference marks.

import { cloneVisibleElement } from '../dom/visibleClone';
import { plainTextLength, type SiteReader } from './article';

const WIKI_CHROME = [
  '.infobox', '.navbox', '.vertical-navbox', '.navbox-styles', '.sidebar', '.hatnote', '.dablink',
  '.rellink', '.mw-editsection', '.mw-jump-link', '#toc', '.toc', 'sup.reference', '.reflist',
  '.mw-references-wrap', 'ol.references', 'table.metadata', '.ambox', '.mbox-small', '.noprint',
  '.mw-empty-elt', '.portal', '.portalbox', '.sistersitebox', '.authority-control', '.catlinks',
  '#mw-navigation', '#footer', '.shortdescription', '.mw-indicators', '.printfooter', 'style', 'link',
].join(', ');

export const wikipediaReader: SiteReader = {
  id: 'wikipedia',
  read() {
    const live =
      document.querySelector('#mw-content-text .mw-parser-output') ?? document.querySelector('#mw-content-text');
    if (!live) return null;
    const content = cloneVisibleElement(live);
    for (const chrome of Array.from(content.querySelectorAll(WIKI_CHROME))) chrome.remove();
    const heading = document.querySelector('#firstHeading')?.textContent?.trim();
    return {
      title: heading || document.title.replace(/\s+[-–—]\s+Wikipedia.*$/, ''),
      byline: null,
      content,
      textLength: plainTextLength(content),
    };
  },
};

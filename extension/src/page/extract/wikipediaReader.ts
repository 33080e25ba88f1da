// Wikipedia (any MediaWiki page, recognised by its DOM): the article body without the wiki
// chrome — infoboxes, navboxes, hatnotes, [edit] links, the table of contents, reference marks.

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
  read(doc) {
    const content = doc.querySelector('#mw-content-text .mw-parser-output') ?? doc.querySelector('#mw-content-text');
    if (!content) return null;
    for (const chrome of Array.from(content.querySelectorAll(WIKI_CHROME))) chrome.remove();
    const heading = doc.querySelector('#firstHeading')?.textContent?.trim();
    return {
      title: heading || doc.title.replace(/\s+[-–—]\s+Wikipedia.*$/, ''),
      byline: null,
      content,
      textLength: plainTextLength(content),
    };
  },
};

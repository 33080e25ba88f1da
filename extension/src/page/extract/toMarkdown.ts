// Reader HTML → Markdown via turndown, with page text escaped, links and images restricted to
// safe URLs, and simple GFM tables (turndown alone would flatten every cell into a paragraph).

import TurndownService from 'turndown';
import { escapeMarkdownText, safeLinkDestination } from './markdownEscape';
import { isTag } from '../dom/realm';

const REMOVED_TAGS = [
  'script', 'style', 'noscript', 'iframe', 'form', 'button', 'input', 'select', 'textarea', 'svg',
  'canvas', 'template', 'object', 'embed', 'video', 'audio', 'link', 'meta',
] as TurndownService.TagName[]; // 'svg' is not in the HTML tag map the typings use

function singleLine(text: string): string {
  return text.replace(/\s*\n+\s*/g, ' ').trim();
}

function isDataTable(table: Element | null): boolean {
  return isTag(table, 'table') && Array.from(table.rows).some((row) => row.cells.length > 1);
}

function addTableRules(service: TurndownService): void {
  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content, node) => (isDataTable(node.closest('table')) ? content : `\n\n${content}\n\n`),
  });
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      if (!isDataTable(node.closest('table'))) return `\n\n${content}\n\n`;
      return `${node.previousElementSibling ? '' : '|'} ${singleLine(content)} |`;
    },
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const table = node.closest('table');
      if (!isDataTable(table)) return content;
      const row = node as HTMLTableRowElement;
      const isFirst = (table as HTMLTableElement).rows[0] === row;
      const separator = isFirst ? `\n|${' --- |'.repeat(Math.max(1, row.cells.length))}` : '';
      return `\n${content}${separator}`;
    },
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
}

function addSafeMediaRules(service: TurndownService): void {
  service.addRule('safeLink', {
    filter: (node) => node.nodeName === 'A' && node.hasAttribute('href'),
    replacement: (content, node) => {
      const text = singleLine(content);
      const href = safeLinkDestination((node as HTMLAnchorElement).href);
      return href && text ? `[${text}](${href})` : text;
    },
  });
  service.addRule('safeImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = escapeMarkdownText(singleLine(node.getAttribute('alt') ?? ''));
      const src = safeLinkDestination((node as HTMLImageElement).src);
      return alt && src ? `![${alt}](${src})` : '';
    },
  });
}

export function createMarkdownConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    hr: '---',
  });
  service.escape = escapeMarkdownText;
  service.remove(REMOVED_TAGS);
  addTableRules(service);
  addSafeMediaRules(service);
  return service;
}

export function toMarkdown(content: Element): string {
  return createMarkdownConverter()
    .turndown(content as HTMLElement)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// browser_read.extract: the page as reader-mode Markdown. Site readers get the first claim
// (registration order); the generic reader is the fallback.

import { clipText, normaliseSpace } from '../text/neutralise';
import { redactUrl } from '../text/redactUrl';
import { clipToEstimatedTokens } from '../text/tokenEstimate';
import type { ReaderArticle, SiteReader } from './article';
import { readGeneric } from './genericReader';
import { toMarkdown } from './toMarkdown';
import { wikipediaReader } from './wikipediaReader';

export const DEFAULT_EXTRACT_MAX_CHARS = 100_000;
// Estimated (pessimistic) tokens: keeps one response under an MCP client's 25k-token cap even
// for link-dense or CJK text, where 100,000 characters would be far more.
export const DEFAULT_EXTRACT_MAX_TOKENS = 20_000;
const SITE_READERS: SiteReader[] = [wikipediaReader];

export interface ExtractOptions {
  maxChars?: number;
  /** Estimated-token budget for the Markdown; 0 turns it off. */
  maxTokens?: number;
}

export interface ExtractResult {
  title: string;
  byline: string | null;
  url: string;
  markdown: string;
  textLength: number;
  truncated: boolean;
}

function readWithSitePlugins(): ReaderArticle {
  for (const reader of SITE_READERS) {
    try {
      const article = reader.read();
      if (article) return article;
    } catch {
      // A failing site reader just does not claim the page.
    }
  }
  return readGeneric();
}

function limitOption(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

export function extract(options: ExtractOptions = {}): ExtractResult {
  const maxChars = limitOption(options.maxChars, DEFAULT_EXTRACT_MAX_CHARS) || DEFAULT_EXTRACT_MAX_CHARS;
  const maxTokens = limitOption(options.maxTokens, DEFAULT_EXTRACT_MAX_TOKENS);
  const article = readWithSitePlugins();
  const byChars = clipText(toMarkdown(article.content), maxChars);
  const byTokens = maxTokens > 0 ? clipToEstimatedTokens(byChars.text, maxTokens) : { text: byChars.text, clipped: false };
  const markdown = { text: byTokens.text, clipped: byChars.clipped || byTokens.clipped };
  return {
    title: normaliseSpace(article.title),
    byline: article.byline ? normaliseSpace(article.byline) : null,
    url: redactUrl(location.href),
    markdown: markdown.text,
    textLength: article.textLength,
    truncated: markdown.clipped,
  };
}

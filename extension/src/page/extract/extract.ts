// browser_read.extract. The page side only exports a bounded, visible-only copy of its HTML
// (captureReaderHtml; visibility needs the live layout). Reading happens in the extension
// (extractFrom, run in an offscreen document): site readers get the first claim
// (registration order), the generic reader is the fallback.

import { cloneVisibleDocument } from '../dom/visibleClone';
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
/** The capture limit for the exported HTML (UTF-16 units). */
export const MAX_CAPTURE_CHARS = 2_000_000;
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

export interface ReaderCapture {
  html: string;
  /** The page URL, redacted: the base for relative links, so a fragment link cannot carry the page's query. */
  url: string;
  /** The page was larger than the capture limit; the rest was not exported. */
  truncated: boolean;
}

function readWithSitePlugins(doc: Document): ReaderArticle {
  for (const reader of SITE_READERS) {
    try {
      const article = reader.read(doc);
      if (article) return article;
    } catch {
      // A failing site reader just does not claim the page.
    }
  }
  return readGeneric(doc);
}

function limitOption(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

function setBase(doc: Document, url: string): void {
  if (!url || !doc.head) return;
  for (const base of Array.from(doc.querySelectorAll('base'))) base.remove();
  const base = doc.createElement('base');
  base.href = url;
  doc.head.prepend(base);
}

/** Page side: the bounded, visible-only HTML the reader works on. */
export function captureReaderHtml(options: { maxChars?: number } = {}): ReaderCapture {
  const maxChars = limitOption(options.maxChars, MAX_CAPTURE_CHARS) || MAX_CAPTURE_CHARS;
  const html = clipText(cloneVisibleDocument().documentElement.outerHTML, maxChars);
  return { html: html.text, url: redactUrl(location.href), truncated: html.clipped };
}

/** Reads a visible-only copy of a page (changing it) into bounded Markdown. */
export function extractFrom(doc: Document, url: string, options: ExtractOptions = {}, captureTruncated = false): ExtractResult {
  const maxChars = limitOption(options.maxChars, DEFAULT_EXTRACT_MAX_CHARS) || DEFAULT_EXTRACT_MAX_CHARS;
  const maxTokens = limitOption(options.maxTokens, DEFAULT_EXTRACT_MAX_TOKENS);
  setBase(doc, url);
  const article = readWithSitePlugins(doc);
  const byChars = clipText(toMarkdown(article.content), maxChars);
  const byTokens = maxTokens > 0 ? clipToEstimatedTokens(byChars.text, maxTokens) : { text: byChars.text, clipped: false };
  return {
    title: normaliseSpace(article.title),
    byline: article.byline ? normaliseSpace(article.byline) : null,
    url,
    markdown: byTokens.text,
    textLength: article.textLength,
    truncated: captureTruncated || byChars.clipped || byTokens.clipped,
  };
}

/** Capture and read in one go, in the page (the page-script tests use it). */
export function extract(options: ExtractOptions = {}): ExtractResult {
  return extractFrom(cloneVisibleDocument(), redactUrl(location.href), options);
}

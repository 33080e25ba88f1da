import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkFrontmatter from 'remark-frontmatter';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';

export type HtmlDialect = 'editor' | 'commonmark';

const renderers = new Map<HtmlDialect, Processor>();

function renderer(dialect: HtmlDialect): Processor {
  let processor = renderers.get(dialect);
  if (!processor) {
    const base = unified().use(remarkParse);
    const withExtensions =
      dialect === 'editor' ? base.use(remarkGfm).use(remarkMath).use(remarkFrontmatter, ['yaml', 'toml']) : base;
    processor = withExtensions
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze() as unknown as Processor;
    renderers.set(dialect, processor);
  }
  return processor;
}

/**
 * Markdown → HTML, raw HTML passed through (never sanitised: for comparing renderings, not for
 * showing untrusted content). `editor` is the editor's dialect (GFM, math, front matter);
 * `commonmark` is plain CommonMark.
 */
export function renderHtml(markdown: string, dialect: HtmlDialect = 'editor'): string {
  return String(renderer(dialect).processSync(markdown));
}

/** Whitespace-insensitive HTML for comparing two renderings. */
export function normalizeHtml(html: string): string {
  return html.replace(/\s+/g, ' ').replace(/>\s+</g, '><').trim();
}

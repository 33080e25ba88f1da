import { createRequire } from 'node:module';
import { test } from 'vitest';
import { parseMarkdown } from './parse';
import { normalizeHtml, renderHtml } from './renderHtml';
import { serializeMarkdownWithReport } from './serialize';
const tests = (createRequire(import.meta.url)('commonmark-spec') as { tests: Array<{ markdown: string; number: number }> }).tests;
test('spec debug', () => {
  for (const n of (process.env.EX ?? '').split(',').map(Number)) {
    const md = tests[n - 1]!.markdown.replace(/→/g, '\t');
    const parsed = parseMarkdown(md);
    const r = serializeMarkdownWithReport(parsed.doc, parsed, { reuseSource: process.env.REUSE === '1' });
    console.log(n, JSON.stringify(md), '\n  =>', JSON.stringify(r.markdown), r.unverifiedBlocks, '\n  ', normalizeHtml(renderHtml(md)), '\n  ', normalizeHtml(renderHtml(r.markdown)));
  }
});

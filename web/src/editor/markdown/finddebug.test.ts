import { createRequire } from 'node:module';
import { test } from 'vitest';
import { parseMarkdown } from './parse';
import { serializeMarkdownWithReport } from './serialize';
const tests = (createRequire(import.meta.url)('commonmark-spec') as { tests: Array<{ markdown: string; number: number }> }).tests;
test('find unverified', () => {
  for (const t of tests) {
    const md = t.markdown.replace(/→/g, '\t');
    const parsed = parseMarkdown(md);
    const r = serializeMarkdownWithReport(parsed.doc, parsed, { reuseSource: false });
    if (r.unverifiedBlocks) console.log('UNV', t.number, JSON.stringify(md), JSON.stringify(r.markdown));
  }
});

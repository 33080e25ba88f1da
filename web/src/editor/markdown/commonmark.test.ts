import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './parse';
import { normalizeHtml, renderHtml, type HtmlDialect } from './renderHtml';
import { serializeMarkdown, serializeMarkdownWithReport } from './serialize';

interface SpecExample {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

// spec.txt writes tabs as `→`; the package does not turn them back (commonmark.js's runner does).
const examples = (createRequire(import.meta.url)('commonmark-spec') as { tests: SpecExample[] }).tests.map((example) => ({
  ...example,
  markdown: example.markdown.replace(/→/g, '\t'),
}));

const BASELINE = new URL('../../../../tests/fixtures/commonmark/baseline.json', import.meta.url);

interface SectionCounts {
  total: number;
  sameRendering: number;
  sameRenderingCommonMark: number;
}

function sameRendering(original: string, result: string, dialect: HtmlDialect): boolean {
  return normalizeHtml(renderHtml(original, dialect)) === normalizeHtml(renderHtml(result, dialect));
}

describe('CommonMark 0.31.2 spec examples', () => {
  test('open and save without editing is byte-identical for every example', () => {
    const changed = examples.filter((example) => {
      const parsed = parseMarkdown(example.markdown);
      return serializeMarkdown(parsed.doc, parsed) !== example.markdown;
    });
    expect(changed.map((example) => example.number)).toEqual([]);
  });

  test('rewriting every block keeps the rendering (no section below the baseline)', () => {
    const sections = new Map<string, SectionCounts>();
    const failures: number[] = [];
    let unverified = 0;
    for (const example of examples) {
      const parsed = parseMarkdown(example.markdown);
      const result = serializeMarkdownWithReport(parsed.doc, parsed, { reuseSource: false });
      unverified += result.unverifiedStretches;
      const counts = sections.get(example.section) ?? { total: 0, sameRendering: 0, sameRenderingCommonMark: 0 };
      counts.total++;
      if (sameRendering(example.markdown, result.markdown, 'editor')) counts.sameRendering++;
      else failures.push(example.number);
      if (sameRendering(example.markdown, result.markdown, 'commonmark')) counts.sameRenderingCommonMark++;
      sections.set(example.section, counts);
    }

    const rows = [...sections].map(([section, counts]) => ({ section, ...counts }));
    const total = rows.reduce((sum, row) => sum + row.total, 0);
    const same = rows.reduce((sum, row) => sum + row.sameRendering, 0);
    const sameCommonMark = rows.reduce((sum, row) => sum + row.sameRenderingCommonMark, 0);
    console.log(
      [
        `same rendering (editor dialect): ${same}/${total} = ${((100 * same) / total).toFixed(1)} %`,
        `same rendering (CommonMark only): ${sameCommonMark}/${total} = ${((100 * sameCommonMark) / total).toFixed(1)} %`,
        `rewritten stretches that failed their own check: ${unverified}`,
        `examples with a different rendering: ${failures.join(', ') || 'none'}`,
        ...rows.map((row) => `  ${row.section}: ${row.sameRendering}/${row.total}`),
      ].join('\n'),
    );

    const current = Object.fromEntries(rows.map((row) => [row.section, { total: row.total, sameRendering: row.sameRendering }]));
    if (process.env.UPDATE_COMMONMARK_BASELINE) {
      writeFileSync(BASELINE, `${JSON.stringify({ spec: '0.31.2', sections: current }, null, 2)}\n`);
    }
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as {
      sections: Record<string, { total: number; sameRendering: number }>;
    };
    const regressions = Object.entries(baseline.sections)
      .filter(([section, expected]) => (current[section]?.sameRendering ?? 0) < expected.sameRendering)
      .map(([section, expected]) => `${section}: ${current[section]?.sameRendering ?? 0} < ${expected.sameRendering}`);
    expect(regressions).toEqual([]);
  });
});

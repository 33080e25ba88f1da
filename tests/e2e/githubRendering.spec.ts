// Markdown drawn as GitHub draws it, in WYSIWYG on the real stack: every construct over the real
// fixtures, then each one clicked and edited next to its neighbours, whose bytes stay as they were.

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { test, expect } from '@playwright/test';
import type { Node as MdNode, Parent } from 'mdast';
import { parseMdast } from '../../web/src/editor/markdown/markdownProcessor';
import { connectAi, type Ai } from './support/mcpClient';
import { startStack, type Stack } from './support/stack';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'markdown');
const REAL_FIXTURES = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.md') && name !== 'README.md' && !name.startsWith('vmark__'));

let stack: Stack;
let ai: Ai;
test.beforeAll(async () => {
  stack = await startStack();
  ai = await connectAi(stack.env);
  await stack.page.setViewportSize({ width: 1400, height: 900 });
});
test.afterAll(async () => {
  await ai?.close();
  await stack?.close();
});

async function open(name: string, content: string | Buffer): Promise<{ file: string; tabId: string; editor: ReturnType<Page['getByLabel']> }> {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel(`${name.replace(/\.md$/, '')} document`, { exact: true });
  await expect(editor).toBeVisible();
  return { file, tabId, editor };
}

async function save(): Promise<void> {
  await stack.page.keyboard.press('Control+s');
}

const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\n|$)/i;
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

/** What the source holds, by mdast (the editor's own parser): the expected count of each construct. */
function constructsInSource(source: string): Record<string, number> {
  const counts = { tasks: 0, tables: 0, alerts: 0, htmlBlocks: 0, htmlInline: 0, footnoteRefs: 0, footnotes: 0, headings: 0 };
  const visit = (node: MdNode, parent: MdNode | null) => {
    const children = (node as Parent).children ?? [];
    if (node.type === 'listItem' && typeof (node as { checked?: unknown }).checked === 'boolean') counts.tasks++;
    if (node.type === 'table') counts.tables++;
    if (node.type === 'html') counts[parent && PHRASING_PARENTS.has(parent.type) ? 'htmlInline' : 'htmlBlocks']++;
    if (node.type === 'footnoteReference') counts.footnoteRefs++;
    if (node.type === 'footnoteDefinition') counts.footnotes++;
    if (node.type === 'heading') counts.headings++;
    if (node.type === 'blockquote') {
      const first = children[0] as Parent | undefined;
      const text = first?.type === 'paragraph' ? (first.children[0] as { type: string; value?: string } | undefined) : undefined;
      if (text?.type === 'text' && ALERT.test(text.value ?? '')) counts.alerts++;
    }
    for (const child of children) visit(child, node);
  };
  visit(parseMdast(source), null);
  return counts;
}

const RENDERED = {
  tasks: 'li[data-checked] > label > input[type=checkbox]',
  tables: 'table:has(> tbody > tr > th)',
  alerts: 'blockquote.markdown-alert:has(.alert-title)',
  htmlBlocks: 'div.html-block',
  htmlInline: 'span.html-inline',
  footnoteRefs: 'sup[data-type=footnote-reference] > a',
  footnotes: 'section[data-type=footnote-definition][id]',
  headings: ':is(h1, h2, h3, h4, h5, h6)[id]:has(> a.heading-anchor)',
} as const;

test.describe('GitHub rendering', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test('over the 35 real fixtures every task item, table, alert, HTML fragment, footnote and heading renders; opening changes no byte', async () => {
    expect(REAL_FIXTURES).toHaveLength(35);
    const rows: string[] = [`| fixture | ${Object.keys(RENDERED).join(' | ')} |`, `|---|${Object.keys(RENDERED).map(() => '---:').join('|')}|`];
    for (const name of REAL_FIXTURES) {
      const source = fs.readFileSync(path.join(FIXTURES, name));
      const expected = constructsInSource(source.toString('utf8'));
      const { tabId, editor } = await open(name, source);
      const rendered: Record<string, number> = {};
      for (const [construct, selector] of Object.entries(RENDERED)) rendered[construct] = await editor.locator(selector).count();
      // sanitised: nothing in the rendered HTML runs or navigates to script
      expect(await editor.locator('script, [onerror], [onload], [onclick], a[href^="javascript:" i]').count(), name).toBe(0);
      rows.push(`| ${name} | ${Object.keys(RENDERED).map((construct) => `${rendered[construct]}/${expected[construct]}`).join(' | ')} |`);
      expect(rendered, name).toEqual(expected);
      const read = await ai.ok<{ dirty: boolean }>('document', { action: 'read', tabId });
      expect(read.dirty, `${name} is unchanged after opening`).toBe(false);
      await ai.ok('workspace', { action: 'close', tabId });
    }
    const table = rows.join('\n');
    console.log(`rendered/in source:\n${table}`);
    await test.info().attach('constructs.md', { body: table, contentType: 'text/markdown' });
  });
});

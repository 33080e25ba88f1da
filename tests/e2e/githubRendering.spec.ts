// Markdown drawn as GitHub draws it, in WYSIWYG on the real stack: every construct over the real
// fixtures, then tasks, tables, HTML, <details>, alerts and soft breaks clicked and edited next to
// their neighbours, whose bytes stay as they were. Links, anchors, footnotes, link definitions and
// emoji: githubLinks.spec.ts.

import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { FootnoteDefinition, FootnoteReference, Node as MdNode, Parent } from 'mdast';
import { parseMdast } from '../../web/src/editor/markdown/markdownProcessor';
import { MARKDOWN_FIXTURES as FIXTURES, useGithubDocs } from './support/githubDocs';

const REAL_FIXTURES = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.md') && name !== 'README.md' && !name.startsWith('vmark__'));

const github = useGithubDocs();
const { open, save } = github;

const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\n|$)/i;
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

/** What the source holds, by mdast (the editor's own parser): the expected count of each construct. */
function constructsInSource(source: string): Record<string, number> {
  const counts = { tasks: 0, tables: 0, alerts: 0, htmlBlocks: 0, htmlInline: 0, footnoteRefs: 0, footnotes: 0, headings: 0 };
  const referenced = new Set<string>();
  const defined = new Set<string>();
  const visit = (node: MdNode, parent: MdNode | null) => {
    const children = (node as Parent).children ?? [];
    if (node.type === 'listItem' && typeof (node as { checked?: unknown }).checked === 'boolean') counts.tasks++;
    if (node.type === 'table') counts.tables++;
    if (node.type === 'html') counts[parent && PHRASING_PARENTS.has(parent.type) ? 'htmlInline' : 'htmlBlocks']++;
    if (node.type === 'footnoteReference') {
      counts.footnoteRefs++;
      referenced.add((node as FootnoteReference).identifier);
    }
    if (node.type === 'footnoteDefinition') defined.add((node as FootnoteDefinition).identifier);
    if (node.type === 'heading') counts.headings++;
    if (node.type === 'blockquote') {
      const first = children[0] as Parent | undefined;
      const text = first?.type === 'paragraph' ? (first.children[0] as { type: string; value?: string } | undefined) : undefined;
      if (text?.type === 'text' && ALERT.test(text.value ?? '')) counts.alerts++;
    }
    for (const child of children) visit(child, node);
  };
  visit(parseMdast(source), null);
  counts.footnotes = [...defined].filter((identifier) => referenced.has(identifier)).length; // GitHub lists only the referenced ones
  return counts;
}

const RENDERED = {
  tasks: 'li[data-checked] > label > input[type=checkbox]',
  tables: 'table:has(> tbody > tr > th)',
  alerts: 'blockquote.markdown-alert:has(.alert-title)',
  htmlBlocks: 'div.html-block',
  htmlInline: 'span.html-inline',
  footnoteRefs: 'sup[data-type=footnote-reference]:not(.footnotes sup) > a',
  footnotes: 'section.footnotes li[id^="fn-"]:has(a.footnote-backref)',
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
      // a large fixture opens progressively: count once the background has parsed every block
      await expect(editor.locator('[data-type="unparsed-source"]'), name).toHaveCount(0);
      const rendered: Record<string, number> = {};
      for (const [construct, selector] of Object.entries(RENDERED)) rendered[construct] = await editor.locator(selector).count();
      // sanitised: nothing in the rendered HTML runs or navigates to script
      expect(await editor.locator('script, [onerror], [onload], [onclick], a[href^="javascript:" i]').count(), name).toBe(0);
      rows.push(`| ${name} | ${Object.keys(RENDERED).map((construct) => `${rendered[construct]}/${expected[construct]}`).join(' | ')} |`);
      expect(rendered, name).toEqual(expected);
      const read = await github.ai.ok<{ dirty: boolean }>('document', { action: 'read', tabId });
      expect(read.dirty, `${name} is unchanged after opening`).toBe(false);
      await github.ai.ok('workspace', { action: 'close', tabId });
    }
    const table = rows.join('\n');
    console.log(`rendered/in source:\n${table}`);
    await test.info().attach('constructs.md', { body: table, contentType: 'text/markdown' });
  });

  const TASKS = ['# Tasks', '', '- [ ] write the docs', '- [x] ship it', '  with a second line', '', 'After the list.', ''].join('\r\n');

  test('a task item sits on one line with its checkbox; a click changes exactly the byte between the brackets', async () => {
    const { file, editor } = await open('tasks.md', TASKS);
    const first = editor.locator('li[data-checked]').first();
    const [box, text] = [await first.getByRole('checkbox').boundingBox(), await first.getByText('write the docs', { exact: true }).boundingBox()];
    expect(Math.abs(box!.y + box!.height / 2 - (text!.y + text!.height / 2))).toBeLessThan(6); // on the text's line
    expect(box!.x).toBeLessThan(text!.x);
    await first.getByRole('checkbox').click();
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(TASKS.replace('- [ ] write', '- [x] write'));
    await editor.locator('li[data-checked]').nth(1).getByRole('checkbox').click();
    await editor.getByText('After the list.').click();
    await github.stack.page.keyboard.press('End');
    await github.stack.page.keyboard.type(' Done.');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(TASKS.replace('- [ ] write', '- [x] write').replace('- [x] ship', '- [ ] ship').replace('After the list.', 'After the list. Done.'));
  });

  const TABLE = ['Before.', '', '| Left | Centre | Right |', '|:-----|:------:|------:|', '| a | b | c |', '| longer text | x | 42 |', '', 'After.', ''].join('\n');

  test('a table has a header row, the delimiter row\'s alignment and compact rows; editing a cell rewrites only the table', async () => {
    const { file, editor } = await open('table.md', TABLE);
    const table = editor.locator('table');
    await expect(table.locator('th')).toHaveText(['Left', 'Centre', 'Right']);
    const aligns = await table.locator('tr').nth(2).locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
    expect(aligns).toEqual(['left', 'center', 'right']);
    const row = await table.locator('tr').nth(1).boundingBox();
    expect(row!.height).toBeLessThan(40); // one line of text and GitHub's 6px padding, not a paragraph's margins
    expect(await table.locator('th').first().evaluate((cell) => Number(getComputedStyle(cell).fontWeight))).toBeGreaterThanOrEqual(600);
    await table.getByText('longer text').click();
    await github.stack.page.keyboard.press('End');
    await github.stack.page.keyboard.type('!');
    await save();
    const saved = () => fs.readFileSync(file, 'utf8');
    await expect.poll(saved).toContain('longer text!');
    expect(saved().startsWith('Before.\n\n')).toBe(true);
    expect(saved().endsWith('\n\nAfter.\n')).toBe(true);
    expect(saved()).toMatch(/\|\s*:-+\s*\|\s*:-+:\s*\|\s*-+:\s*\|/);
  });

  const HTML = [
    '# Html',
    '',
    '<p align="center">',
    '  <img src="https://example.invalid/logo.png" alt="Logo" width="80">',
    '  <img src="pics/dot.svg" alt="Local dot">',
    '</p>',
    '',
    '<div><script>window.pwned = 1</script><img src="x" alt="bad" onerror="window.pwned = 2"><a href="javascript:window.pwned = 3">click</a><b>bold html</b></div>',
    '',
    '<details>',
    '<summary>More</summary>',
    '',
    'Hidden text.',
    '',
    '</details>',
    '',
    'Press <kbd>Ctrl</kbd>+<kbd>S</kbd> to save. <!-- a note -->',
    '',
  ].join('\n');

  test('HTML renders sanitised: no scripts, handlers or javascript: URLs; remote images wait for the setting; a click edits the source of that block only', async () => {
    fs.mkdirSync(path.join(github.stack.workspace, 'pics'), { recursive: true });
    fs.writeFileSync(path.join(github.stack.workspace, 'pics', 'dot.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>');
    const { file, editor } = await open('html.md', HTML);
    const page = github.stack.page;
    await expect(editor.locator('.html-block p[align=center]')).toBeVisible();
    await expect(editor.locator('.html-block b')).toHaveText('bold html');
    await expect(editor.locator('kbd')).toHaveText(['Ctrl', 'S']);
    await expect(editor.locator('details > summary')).toHaveText('More');
    await expect(editor.locator('.html-block script, [onerror]')).toHaveCount(0);
    await expect(editor.locator('.html-block a', { hasText: 'click' })).toHaveCount(1);
    await expect(editor.locator('.html-block a', { hasText: 'click' })).not.toHaveAttribute('href', /.+/);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expect.poll(() => editor.getByRole('img', { name: 'Local dot' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(9);
    const logo = editor.getByRole('img', { name: 'Logo' });
    await expect(logo).not.toHaveAttribute('src', /.+/);
    await expect(logo).toHaveAttribute('title', /Load remote images/);

    await page.keyboard.press('Control+,');
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel(/Load remote images/).check();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Done' }).click();
    await expect(logo).toHaveAttribute('src', 'https://example.invalid/logo.png');

    await editor.locator('.html-block b').click();
    const source = editor.locator('.html-block:has(b)').getByLabel('HTML source', { exact: true });
    await expect(source).toBeFocused();
    await expect(source).toHaveValue(/^<div><script>/);
    await source.press('Control+End');
    await page.keyboard.type('\n<p>added</p>');
    await expect(editor.locator('.html-block p').filter({ hasText: 'added' })).toBeVisible();
    await page.keyboard.press('Escape');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(HTML.replace('<b>bold html</b></div>', '<b>bold html</b></div>\n<p>added</p>'));
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await page.evaluate(() => localStorage.removeItem('vmark.settings'));
  });

  const DETAILS = ['# Project', '', '<details><summary>Table of contents</summary>', '', '- [Install](#install)', '- [Usage](#usage)', '', '<details open><summary>More</summary>', '', 'Nested text.', '', '</details>', '', '</details>', '', 'After the details.', ''].join('\n');

  test('<details> starts collapsed as on GitHub: a click or Enter/Space on the summary toggles it (aria-expanded), <details open> starts expanded, the caret arrowing in expands it; editing inside changes exactly those bytes', async () => {
    const { file, editor } = await open('details.md', DETAILS);
    const page = github.stack.page;
    const summary = editor.locator('summary', { hasText: 'Table of contents' });
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(editor.getByText('Install')).toBeHidden();
    await expect(editor.getByText('Nested text.')).toBeHidden();
    await expect(editor.getByText('After the details.')).toBeVisible();

    await summary.click();
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(editor.getByText('Install')).toBeVisible();
    await expect(editor.locator('summary', { hasText: 'More' })).toHaveAttribute('aria-expanded', 'true'); // <details open>
    await editor.getByText('Nested text.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Edited');

    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(editor.getByText('Nested text. Edited')).toBeHidden();
    await page.keyboard.press(' ');
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(editor.getByText('Install')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(editor.getByText('Install')).toBeHidden();

    await editor.getByText('After the details.').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp'); // onto the hidden </details>: the range opens
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
    await expect(editor.getByText('Install')).toBeVisible();

    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(DETAILS.replace('Nested text.', 'Nested text. Edited'));
  });

  const ALERTS = ['> [!NOTE]', '> Useful information.', '', '> [!TIP]', '> Helpful advice.', '', '> [!IMPORTANT]', '> Key information.', '', '> [!WARNING]', '> Urgent info.', '', '> [!CAUTION]', '> Risks ahead.', '', '> A plain quote.', ''].join('\n');

  test('GitHub alerts render as callouts with their title; editing the quote next to them leaves their bytes', async () => {
    const { file, editor } = await open('alerts.md', ALERTS);
    for (const [kind, title] of [['note', 'Note'], ['tip', 'Tip'], ['important', 'Important'], ['warning', 'Warning'], ['caution', 'Caution']] as const) {
      const alert = editor.locator(`blockquote.markdown-alert-${kind}`);
      await expect(alert.locator('.alert-title')).toHaveText(title);
      await expect(alert.getByText(`[!${kind.toUpperCase()}]`)).toBeHidden();
    }
    const colours = await editor.locator('blockquote.markdown-alert').evaluateAll((quotes) => new Set(quotes.map((quote) => getComputedStyle(quote).borderLeftColor)).size);
    expect(colours).toBe(5);
    await expect(editor.locator('blockquote:not(.markdown-alert)')).toHaveText('A plain quote.');
    await editor.getByText('A plain quote.').click();
    await github.stack.page.keyboard.press('End');
    await github.stack.page.keyboard.type(' Really.');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(ALERTS.replace('A plain quote.', 'A plain quote. Really.'));
  });

  const SOFT = [
    '[![build](pics/a.svg)](https://example.invalid/ci)',
    '[![docs](pics/b.svg)](https://example.invalid/docs)',
    '',
    'One line',
    'and the next line.',
    '',
    '> [!NOTE]',
    '> Useful information.',
    '',
  ].join('\n');

  test('soft line breaks render joined as GitHub does (badges on one line) and stay \\n on save; typing after [!NOTE] keeps its line break soft; the status bar counts Ln/Col in WYSIWYG', async () => {
    fs.mkdirSync(path.join(github.stack.workspace, 'pics'), { recursive: true });
    for (const name of ['a', 'b']) fs.writeFileSync(path.join(github.stack.workspace, 'pics', `${name}.svg`), '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><rect width="90" height="20"/></svg>');
    const { file, editor } = await open('soft.md', SOFT);
    const [build, docs] = [editor.getByRole('img', { name: 'build' }), editor.getByRole('img', { name: 'docs' })];
    await expect.poll(() => docs.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(90);
    const [first, second] = [await build.boundingBox(), await docs.boundingBox()];
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(4); // side by side, as on GitHub
    expect(second!.x).toBeGreaterThan(first!.x + first!.width);
    const paragraph = editor.locator('p', { hasText: 'One line' });
    const lineHeight = await paragraph.evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
    expect((await paragraph.boundingBox())!.height).toBeLessThan(lineHeight * 1.5); // one line, not two
    await expect(editor.locator('blockquote.markdown-alert-note .alert-title')).toBeVisible();

    await editor.getByText('and the next line.').click();
    await github.stack.page.keyboard.press('Home'); // the start of the visual line: the paragraph's
    for (let i = 0; i < 'One line'.length; i++) await github.stack.page.keyboard.press('ArrowRight');
    await github.stack.page.keyboard.type(' Z'); // before the break
    await github.stack.page.keyboard.press('ArrowRight');
    await github.stack.page.keyboard.type('Y'); // after it
    await expect(github.stack.page.locator('.status-bar .cursor-position')).toHaveText('Ln 5, Col 2'); // the source line, in WYSIWYG too
    await editor.locator('.alert-title').click();
    await github.stack.page.keyboard.press('End');
    await github.stack.page.keyboard.type(' x');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(SOFT.replace('One line\nand', 'One line Z\nYand').replace('> [!NOTE]\n', '> [!NOTE] x\n'));
  });
});

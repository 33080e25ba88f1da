// Links, heading anchors, footnotes, link reference definitions and emoji shortcodes drawn as GitHub
// draws them, in WYSIWYG on the real stack; each clicked or edited, with the document's other bytes kept.

import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from '@playwright/test';
import { MARKDOWN_FIXTURES as FIXTURES, useGithubDocs } from './support/githubDocs';

const github = useGithubDocs();
const { open, save } = github;

test.describe('GitHub rendering: links, footnotes and emoji', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  const LINKS = [
    '# Getting started',
    '',
    'See [the setup](#setup-steps), a footnote[^why] and [the site](https://example.invalid/page).',
    '',
    ...Array.from({ length: 60 }, (_, i) => `Filler paragraph ${i}.\n`),
    '## Setup steps',
    '',
    'Run it.',
    '',
    '[^why]: Because it helps.',
    '',
  ].join('\n');

  test('headings carry GitHub anchors; footnotes are numbered with back-links, labels kept; Ctrl-click follows a link: #anchors and footnotes scroll, web links open a tab; a plain click edits', async () => {
    const { file, editor } = await open('links.md', LINKS);
    const page = github.stack.page;
    const setup = editor.locator('h2#setup-steps');
    await expect(setup.locator('a.heading-anchor')).toHaveAttribute('href', '#setup-steps');
    await expect(editor.locator('h1#getting-started')).toHaveCount(1);
    await expect(editor.locator('sup[data-type=footnote-reference]')).toHaveText('1'); // numbered as on GitHub
    await expect(editor.locator('.footnotes li#fn-why')).toContainText('Because it helps.');
    await expect(editor.locator('.footnotes li#fn-why')).toHaveJSProperty('value', 1);

    await editor.getByRole('link', { name: 'the setup' }).click(); // a plain click stays put, to edit
    await expect(setup).not.toBeInViewport();
    await editor.getByRole('link', { name: 'the setup' }).click({ modifiers: ['Control'] });
    await expect(setup).toBeInViewport();
    await editor.getByRole('heading', { name: 'Getting started' }).scrollIntoViewIfNeeded();
    await editor.locator('sup[data-type=footnote-reference] a').click({ modifiers: ['Control'] });
    await expect(editor.locator('.footnotes li#fn-why')).toBeInViewport();
    await editor.getByRole('link', { name: 'Back to reference 1' }).click(); // the back-link, as on GitHub
    await expect(editor.locator('sup[data-type=footnote-reference]')).toBeInViewport();
    await editor.getByRole('heading', { name: 'Getting started' }).scrollIntoViewIfNeeded();

    const opened = github.stack.context.waitForEvent('page');
    const requested = github.stack.context.waitForEvent('request', (request) => request.url() === 'https://example.invalid/page');
    await editor.getByRole('link', { name: 'the site' }).click({ modifiers: ['Control'] });
    const tab = await opened;
    await requested; // in the new tab (the name does not resolve, so it ends on an error page)
    await tab.close();
    expect(page.url()).not.toContain('example.invalid');

    await editor.getByRole('link', { name: 'the setup' }).click();
    await page.keyboard.type('X');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toMatch(/^# Getting started\n\nSee \[the [^\]]*X[^\]]*\]\(#setup-steps\)/);
    expect(fs.readFileSync(file, 'utf8').split('\n').slice(3).join('\n')).toBe(LINKS.split('\n').slice(3).join('\n'));
  });

  const FOOTNOTES = [
    '# Notes',
    '',
    'Cited first[^b], then[^a], and again[^b].',
    '',
    '[^a]: Alpha note.',
    '',
    'Between the definitions.',
    '',
    '[^b]: Beta note with *emphasis*.',
    '',
    '[^orphan]: Never referenced.',
    '',
    ...Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i}.\n`),
    'Last paragraph.',
    '',
  ].join('\n');

  test('footnotes gather in a section at the end as on GitHub: order of first reference, a back-link per reference, unreferenced ones left out; editing one in place changes exactly its bytes', async () => {
    const { file, editor } = await open('footnotes.md', FOOTNOTES);
    const page = github.stack.page;
    const section = editor.locator('section.footnotes');
    await expect(section.getByRole('heading', { name: 'Footnotes' })).toHaveCount(1); // for screen readers, as on GitHub
    await expect(section.locator('li')).toHaveText([/^Beta note with emphasis\. ↩ ↩2/, /^Alpha note\. ↩/]);
    expect(await section.locator('li').evaluateAll((items) => items.map((item) => `${(item as HTMLLIElement).value}:${item.id}`))).toEqual(['1:fn-b', '2:fn-a']);
    await expect(editor.locator('sup[data-type=footnote-reference]:not(.footnotes sup)')).toHaveText(['1', '2', '1']);
    await expect(section.locator('#fn-orphan')).toHaveCount(0); // never referenced: GitHub does not show it
    await expect(editor.getByText('Never referenced.')).toBeHidden();
    const definitions = editor.locator('section[data-type=footnote-definition]');
    await expect(definitions).toHaveCount(3);
    for (const definition of await definitions.all()) await expect(definition).toBeHidden(); // shown once, in the section, not also where the source has them
    await section.scrollIntoViewIfNeeded();
    const [last, drawn] = [await editor.getByText('Last paragraph.').boundingBox(), await section.boundingBox()];
    expect(drawn!.y).toBeGreaterThan(last!.y + last!.height); // after the last block
    expect(await new AxeBuilder({ page }).include('section.footnotes').analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);

    await section.getByRole('link', { name: 'Back to reference 1-2' }).click();
    await expect(editor.locator('#fnref-b-2')).toBeInViewport();
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('link', { name: 'Back to reference 1', exact: true }).click();
    await expect(editor.locator('#fnref-b')).toBeInViewport();
    await expect(section).not.toBeInViewport();

    await section.getByText('Alpha note.').click(); // edits it where the source has it, as math and HTML show their source
    const inPlace = editor.locator('section[data-type=footnote-definition][data-label=a]');
    await expect(inPlace).toBeVisible();
    await expect(inPlace).toBeInViewport();
    await page.keyboard.type(' More.');
    await expect(section.locator('li#fn-a')).toContainText('Alpha note. More.');
    await page.keyboard.press('Escape'); // back to its reference, the definition hidden again
    await expect(inPlace).toBeHidden();
    await page.keyboard.type('!');

    await section.getByRole('link', { name: 'Back to reference 2' }).focus();
    await page.keyboard.press('Tab'); // keyboard: the edit button follows the back-links
    await expect(section.getByRole('button', { name: 'Edit footnote 2' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(section.getByRole('button', { name: 'Edit footnote 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.locator('section[data-type=footnote-definition][data-label=b]')).toBeVisible();
    await page.keyboard.type(' Two.');
    await page.keyboard.press('Escape');
    await save();
    const expected = FOOTNOTES.replace('then[^a]', 'then[^a]!').replace('Alpha note.', 'Alpha note. More.').replace('*emphasis*.', '*emphasis*. Two.');
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(expected);
  });

  const REFERENCES = ['See [the site][site] and [Debian].', '', '[site]: https://example.invalid/site', '[Debian]: https://www.debian.org/', '', 'After.', ''].join('\n');

  test('link reference definitions are hidden as on GitHub, their links resolved; arrowing onto one shows it; their bytes stay', async () => {
    const { file, editor } = await open('references.md', REFERENCES);
    const page = github.stack.page;
    await expect(editor.getByRole('link', { name: 'the site' })).toHaveAttribute('href', 'https://example.invalid/site');
    await expect(editor.getByRole('link', { name: 'Debian' })).toHaveAttribute('href', 'https://www.debian.org/');
    const definitions = editor.locator('div[data-type=link-definition]');
    await expect(definitions).toHaveCount(2);
    for (const definition of await definitions.all()) await expect(definition).toBeHidden();
    const after = (await editor.getByText('After.').boundingBox())!;
    const see = (await editor.getByText(/^See/).boundingBox())!;
    expect(after.y - (see.y + see.height)).toBeLessThan(40); // no room kept for them either

    await editor.getByText('After.').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft'); // onto the definition before: selected, it shows its source
    await expect(definitions.last()).toBeVisible();
    await expect(definitions.last()).toHaveText('[Debian]: https://www.debian.org/');
    await page.keyboard.press('ArrowRight');
    await expect(definitions.last()).toBeHidden();
    await page.keyboard.press('End');
    await page.keyboard.type(' Done.');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(REFERENCES.replace('After.', 'After. Done.'));
  });

  // the comparison table of Hugo's Linux page, shortcodes in its cells, as the fixture has it
  const HUGO = fs.readFileSync(path.join(FIXTURES, 'gohugoio__hugoDocs__content__en__installation__linux.md'), 'utf8').split('\n');
  const COMPARISON = HUGO.slice(HUGO.indexOf('## Comparison'), HUGO.indexOf('Latest version available?|:heavy_check_mark:|:heavy_check_mark:|varies|:heavy_check_mark:') + 1);
  const EMOJI = [...COMPARISON, '', 'Remove use of `unsafe` in `globset`. :tada:', '', 'Literal: `:x:`, :nosuchemoji: and https://example.invalid/:wave:/page.', '', 'Last line.', ''].join('\n');

  test('emoji shortcodes render as GitHub\'s emoji, titled by their shortcode; code, URLs and unknown names stay literal; the caret beside one shows its source; the bytes stay', async () => {
    const { file, editor } = await open('emoji.md', EMOJI);
    const page = github.stack.page;
    const table = editor.locator('table');
    await expect(table.getByRole('img', { name: ':heavy_check_mark:' })).toHaveCount(13);
    await expect(table.getByRole('img', { name: ':x:' })).toHaveCount(3);
    await expect(table.getByRole('img', { name: ':x:' }).first()).toHaveText('❌');
    await expect(table.getByRole('img', { name: ':x:' }).first()).toHaveAttribute('title', ':x:');
    await expect(table).not.toContainText(':heavy_check_mark:', { useInnerText: true });
    const tada = editor.getByRole('img', { name: ':tada:' });
    await expect(tada).toHaveText('🎉');
    const tadaLine = editor.locator('p', { hasText: 'Remove use of' });
    await expect(tadaLine).toHaveText('Remove use of unsafe in globset. 🎉', { useInnerText: true });
    const literal = editor.locator('p', { hasText: 'Literal:' });
    await expect(literal).toHaveText('Literal: :x:, :nosuchemoji: and https://example.invalid/:wave:/page.', { useInnerText: true });
    await expect(literal.getByRole('img')).toHaveCount(0);

    await tadaLine.getByText('globset').click();
    await page.keyboard.press('End'); // the caret right after `:tada:`: its source shows, to edit
    await expect(tadaLine).toHaveText('Remove use of unsafe in globset. :tada:', { useInnerText: true });
    await expect(tada).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await expect(tada).toHaveText('🎉');

    await editor.getByText('Last line.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Done.');
    await save();
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(EMOJI.replace('Last line.', 'Last line. Done.'));
  });

  test('Ctrl-click on a relative .md link opens that document in a tab and scrolls to its #heading; a link out of the workspace says so', async () => {
    fs.mkdirSync(path.join(github.stack.workspace, 'guide'), { recursive: true });
    const target = ['# Guide', '', ...Array.from({ length: 80 }, (_, i) => `Filler ${i}.\n`), '## Install it', '', 'Steps.', ''].join('\n');
    fs.writeFileSync(path.join(github.stack.workspace, 'guide', 'setup.md'), target);
    const { editor } = await open('linking.md', 'Read [the guide](guide/setup.md#install-it) or [elsewhere](../../outside.md).\n');
    const page = github.stack.page;
    const tabs = page.getByRole('tablist', { name: 'Open documents' });
    await editor.getByRole('link', { name: 'the guide' }).click(); // a plain click edits
    await expect(tabs.getByRole('tab', { name: 'setup', exact: true })).toHaveCount(0);
    await editor.getByRole('link', { name: 'the guide' }).click({ modifiers: ['Control'] });
    await expect(tabs.getByRole('tab', { name: 'setup', exact: true })).toHaveAttribute('aria-selected', 'true');
    const guide = page.getByLabel('setup document', { exact: true });
    await expect(guide.locator('h2#install-it')).toBeInViewport();
    expect(fs.readFileSync(path.join(github.stack.workspace, 'guide', 'setup.md'), 'utf8')).toBe(target);

    await tabs.getByRole('tab', { name: 'linking', exact: true }).click();
    await editor.getByRole('link', { name: 'the guide' }).click({ modifiers: ['Control'] }); // the tab open already
    await expect(tabs.getByRole('tab', { name: 'setup', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: 'setup', exact: true })).toHaveCount(1);

    await tabs.getByRole('tab', { name: 'linking', exact: true }).click();
    await editor.getByRole('link', { name: 'elsewhere' }).click({ modifiers: ['Control'] });
    await expect(page.getByRole('alert').filter({ hasText: 'outside this workspace' })).toContainText('open its folder as a workspace');
    await expect(tabs.getByRole('tab', { name: 'outside', exact: true })).toHaveCount(0);
  });
});

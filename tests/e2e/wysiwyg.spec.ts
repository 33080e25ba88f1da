// One stack for the spec: every test opens files of its own and its tabs are closed after it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Ai } from './support/mcpClient';
import { useSourceMode } from './support/person';
import type { Stack } from './support/stack';
import { useSharedStackAndAi } from './support/cleanUp';

let stack: Stack;
let ai: Ai;
useSharedStackAndAi((started) => ({ stack, ai } = started));

const DOC = [
  '---',
  'title: Fidelity',
  'tags: [a, b]',
  '---',
  '',
  'Setext heading',
  '==============',
  '',
  '* star bullet',
  '* second',
  '',
  '| left | right |',
  '|:-----|------:|',
  '| a    |     b |',
  '',
  'A paragraph with __strong__ and _em_ and a [ref link][r].',
  '',
  '[r]: https://example.com  "Title"',
  '',
].join('\r\n');

/** Writes `name` (unique per test) into the workspace, opens it through MCP and shows it. */
async function openInEditor(name: string, content: string) {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  return { file, tabId };
}

test('markdown opens in WYSIWYG; saving untouched writes the same bytes (CRLF, front matter, setext, * bullets, table, reference link)', async () => {
  const { file } = await openInEditor('fidelity.md', DOC);
  const editor = stack.page.getByLabel('fidelity document');
  await expect(editor.getByRole('heading', { name: 'Setext heading' })).toBeVisible();
  await editor.click();
  await stack.page.keyboard.press('Control+s');
  await stack.page.waitForTimeout(500);
  expect(fs.readFileSync(file, 'utf8')).toBe(DOC);
});

test('editing one paragraph in WYSIWYG leaves every other block byte-identical', async () => {
  const { file, tabId } = await openInEditor('edit.md', DOC);
  const editor = stack.page.getByLabel('edit document');
  await editor.getByText('A paragraph with').click();
  await stack.page.keyboard.press('End');
  await stack.page.keyboard.type(' Added.');
  await stack.page.keyboard.press('Control+s');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toContain('Added.');
  const saved = fs.readFileSync(file, 'utf8');
  const before = DOC.split('\r\n');
  const after = saved.split('\r\n');
  expect(after).toHaveLength(before.length);
  const changed = before.map((line, i) => (line === after[i] ? null : i)).filter((i) => i !== null);
  expect(changed).toEqual([15]);
  expect(after[15]).toBe('A paragraph with __strong__ and _em_ and a [ref link][r]. Added.');
  // the file is on disk before the page hears that its write is done and marks the tab saved
  await expect.poll(async () => (await ai.ok<{ dirty: boolean }>('document', { action: 'read', tabId })).dirty).toBe(false);
});

test('DOC-WRITE-05 DOC-WRITE-06 document.write on the active WYSIWYG tab is one undoable step', async () => {
  const { tabId, file } = await openInEditor('undo.md', '# Before\n\nold text\n');
  const editor = stack.page.getByLabel('undo document');
  await expect(editor.getByRole('heading', { name: 'Before' })).toBeVisible();
  const written = await ai.ok<{ saved: boolean }>('document', { action: 'write', tabId, content: '# After\n\nnew text\n' });
  expect(written.saved).toBe(true);
  await expect(editor.getByRole('heading', { name: 'After' })).toBeVisible();
  expect(fs.readFileSync(file, 'utf8')).toBe('# After\n\nnew text\n');
  await editor.click();
  await stack.page.keyboard.press('Control+z');
  await expect(editor.getByRole('heading', { name: 'Before' })).toBeVisible();
  await expect.poll(async () => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('# Before\n\nold text\n');
});

test('DOC-WRITE-05 writes that stream into the active WYSIWYG tab: the editor shows the last one, and the person typing right after types into it', async () => {
  const { tabId, file } = await openInEditor('stream.md', 'start\n');
  const editor = stack.page.getByLabel('stream document');
  await editor.getByText('start').click();
  await expect(editor).toBeFocused();
  // back to back, well inside the pace at which the UI follows such a stream
  for (let i = 1; i <= 12; i++) await ai.ok('document', { action: 'write', tabId, content: `line ${i}\n`, save: false });
  // at once: the key reaches an editor that shows line 12, never one behind it
  await stack.page.keyboard.press('End');
  await stack.page.keyboard.type(' typed');
  await expect(editor.locator('p')).toHaveText('line 12 typed');
  await expect.poll(async () => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('line 12 typed\n');
  await stack.page.keyboard.press('Control+s');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe('line 12 typed\n');
});

test('DOC-WRITE-05 right after streamed writes, a tab switch shows the other tab and selection.get answers from its editor at once', async () => {
  const first = await openInEditor('stream-a.md', 'alpha\n');
  const second = await openInEditor('stream-b.md', 'beta\n');
  await ai.ok('workspace', { action: 'switch_tab', tabId: first.tabId });
  for (let i = 1; i <= 8; i++) await ai.ok('document', { action: 'write', tabId: first.tabId, content: `alpha ${i}\n`, save: false });
  await ai.ok('workspace', { action: 'switch_tab', tabId: second.tabId });
  const got = await ai.ok<{ mode: string }>('selection', { action: 'get' });
  expect(got.mode).toBe('wysiwyg');
  await expect(stack.page.getByLabel('stream-b document')).toContainText('beta');
  await ai.ok('workspace', { action: 'switch_tab', tabId: first.tabId });
  await expect(stack.page.getByLabel('stream-a document')).toContainText('alpha 8');
});

test('SEL-GET-02 SEL-SET-02 SEL-SET-03 selection in WYSIWYG: ProseMirror positions; markdown content becomes nodes, plain text stays literal', async () => {
  const { tabId } = await openInEditor('sel.md', 'one two three\n');
  const editor = stack.page.getByLabel('sel document');
  await editor.getByText('one two three').dblclick();
  const got = await ai.ok<{ text: string; mode: string; range: { from: number; to: number }; isEmpty: boolean }>('selection', { action: 'get' });
  expect(got.mode).toBe('wysiwyg');
  expect(got.isEmpty).toBe(false);
  expect(got.range.to - got.range.from).toBe(got.text.length);
  const set = await ai.ok<{ replaced_chars: number }>('selection', { action: 'set', content: '**bold**' });
  expect(set.replaced_chars).toBe(got.text.length);
  await expect(editor.locator('strong')).toHaveText('bold');
  const read = await ai.ok<{ content: string }>('document', { action: 'read', tabId });
  expect(read.content).toContain('**bold**');
  // plain text goes in as a literal text node: its leading and trailing spaces stay exactly
  // on a loaded machine a late re-render can take the caret before the keys land: select again then
  await expect(async () => {
    await editor.locator('p').first().click();
    await expect(editor).toBeFocused();
    await stack.page.keyboard.press('Home');
    for (let i = 0; i < 'one '.length; i++) await stack.page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'two'.length; i++) await stack.page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await ai.ok<{ text: string }>('selection', { action: 'get' })).text, { timeout: 3000 }).toBe('two');
  }).toPass({ timeout: 20_000 });
  await ai.ok('selection', { action: 'set', content: '  spaced  ' });
  expect(await editor.locator('p').first().textContent()).toBe('one   spaced   bold');
});

test('switching to source mode and back keeps the cursor in the same block', async () => {
  await openInEditor('mode.md', '# Title\n\nfirst paragraph\n\nsecond paragraph\n');
  const editor = stack.page.getByLabel('mode document');
  await editor.getByText('second paragraph').click();
  await useSourceMode(stack.page);
  await stack.page.keyboard.type('X');
  await expect(stack.page.locator('.cm-content')).toContainText('Xsecond paragraph');
});

test('a tab switched back to renders from the parse it kept: saving an edit still keeps every other block byte-identical, and text written meanwhile shows', async () => {
  const { file, tabId } = await openInEditor('again.md', DOC);
  const editor = stack.page.getByLabel('again document');
  await expect(editor.getByRole('heading', { name: 'Setext heading' })).toBeVisible();
  const other = await openInEditor('other.md', '# Other\n');
  await expect(stack.page.getByLabel('other document')).toBeVisible();
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await editor.getByText('A paragraph with').click();
  await stack.page.keyboard.press('End');
  await stack.page.keyboard.type(' Again.');
  await stack.page.keyboard.press('Control+s');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toContain('Again.');
  const after = fs.readFileSync(file, 'utf8').split('\r\n');
  const changed = DOC.split('\r\n').map((line, i) => (line === after[i] ? null : i)).filter((i) => i !== null);
  expect(changed).toEqual([15]);

  // the tab's text changes while another tab is shown: switching back shows the new text, not the kept parse
  await ai.ok('workspace', { action: 'switch_tab', tabId: other.tabId });
  await expect(stack.page.getByLabel('other document')).toBeVisible();
  await ai.ok('document', { action: 'write', tabId, content: '# Rewritten\n\nNew text.\n', save: false });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await expect(editor.getByRole('heading', { name: 'Rewritten' })).toBeVisible();
  await expect(editor.getByText('A paragraph with')).toHaveCount(0);
});

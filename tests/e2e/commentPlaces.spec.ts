import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures';
import { commentOnSelection, commentsPanel, selectWithKeyboard, useSourceEditor, type ListedPage } from './support/comments';
import type { Ai } from './support/mcpClient';

const NOTE = '# Title\n\nThe quick brown fox jumps.\n\nSecond paragraph here.\n';

/** A markdown file in the workspace, opened by the AI and focused; the person stays in WYSIWYG. */
async function openWysiwyg(stack: { workspace: string; page: Page }, ai: Ai, name: string, content: string) {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel(`${path.basename(name, '.md')} document`);
  await expect(editor).toBeVisible();
  return { file, tabId, editor };
}

/** The person selects `length` characters from `column` of the paragraph holding `text`, with the keyboard. */
async function selectInWysiwyg(page: Page, text: string, column: number, length: number): Promise<void> {
  const editor = page.locator('.ProseMirror');
  // a late re-render can take the caret before the keys land on a loaded machine: select again then
  await expect(async () => {
    await editor.locator('p', { hasText: text }).click();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Home');
    for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString()), { timeout: 3000 }).toBe(text.slice(column, column + length));
  }).toPass({ timeout: 20_000 });
}

test('comments in WYSIWYG: the highlight covers exactly the quoted text, follows an AI write, selects the thread when clicked, and never reaches the file', async ({ stack, ai }) => {
  const page = stack.page;
  const { file, tabId, editor } = await openWysiwyg(stack, ai, 'hl.md', NOTE);
  await selectInWysiwyg(page, 'The quick brown fox jumps.', 4, 'quick brown'.length);
  await commentOnSelection(page, 'Livelier, please.');

  const highlight = editor.locator('.comment-highlight');
  await expect(highlight).toHaveText('quick brown');
  const listed = await ai.ok<ListedPage>('comments', { action: 'list', tabId });
  expect(listed.threads).toHaveLength(1);
  const id = listed.threads[0]?.comment as string;
  await expect(highlight).toHaveAttribute('data-comment-id', id);

  // the AI moves the text down by one paragraph and rewords around it: the highlight follows
  const moved = '# Title\n\nA new first paragraph mentions no animal.\n\nOnce the quick brown fox jumps, it rests.\n\nSecond paragraph here.\n';
  await ai.ok('document', { action: 'write', tabId, content: moved });
  await expect(editor.locator('p').first()).toHaveText('A new first paragraph mentions no animal.');
  await expect(highlight).toHaveText('quick brown');
  await expect(editor.locator('p').nth(1).locator('.comment-highlight')).toHaveText('quick brown');

  // clicking the highlight selects its thread in the panel
  await highlight.click();
  const panel = await commentsPanel(page);
  await expect(panel.locator(`[data-comment-id="${id}"]`)).toHaveAttribute('aria-current', 'true');

  // decorations only: the document text and the saved bytes are what the AI wrote
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe(moved);
  await page.keyboard.press('Control+s');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(moved);

  // the quoted text is gone: the thread is detached and has no highlight
  await ai.ok('document', { action: 'write', tabId, content: '# Title\n\nNothing to see.\n' });
  await expect(editor.locator('p').first()).toHaveText('Nothing to see.');
  await expect(highlight).toHaveCount(0);
  await expect(panel.getByText('Detached: the quoted text is no longer in the document')).toBeVisible();
});

test('comments follow a file renamed in the file tree; deleting the file keeps its comments file', async ({ stack, ai }) => {
  const page = stack.page;
  fs.writeFileSync(path.join(stack.workspace, 'before.md'), NOTE);
  // the tree lists the folder when the editor loads
  await page.reload();
  await page.getByText(/MCP: connected/).waitFor();
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(stack.workspace, 'before.md') });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceEditor(page);
  await selectWithKeyboard(page, 2, 4, 'quick brown'.length);
  await commentOnSelection(page, 'Keep me when renamed.');
  const stored = path.join(stack.workspace, '.vmark', 'comments');
  await expect.poll(() => fs.existsSync(path.join(stored, 'before.md.json'))).toBe(true);
  const before = await ai.ok<ListedPage>('comments', { action: 'list', tabId });
  expect(before.threads).toHaveLength(1);

  page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept('after.md') : dialog.accept()));
  const actions = page.getByRole('toolbar', { name: 'File actions' });
  await page.getByRole('treeitem', { name: 'before.md' }).getByRole('button').click();
  await actions.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('tab', { name: 'after' })).toBeVisible();
  const renamed = path.join(stack.workspace, 'after.md');
  await expect.poll(async () => (await ai.ok<ListedPage>('comments', { action: 'list', tabId })).doc).toBe(renamed);
  const after = await ai.ok<ListedPage>('comments', { action: 'list', tabId });
  expect(after.threads.map((t) => [t.comment, t.quote, t.replies[0]?.body])).toEqual([[before.threads[0]?.comment, 'quick brown', 'Keep me when renamed.']]);
  expect(fs.existsSync(path.join(stored, 'before.md.json'))).toBe(false);
  expect(JSON.parse(fs.readFileSync(path.join(stored, 'after.md.json'), 'utf8'))).toMatchObject({ doc: 'after.md', threads: [{ id: before.threads[0]?.comment }] });
  await expect(page.locator('.cm-comment')).toHaveText('quick brown');

  // nothing the person wrote is lost: the comments file stays when the document is deleted
  await actions.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => fs.existsSync(renamed)).toBe(false);
  expect(fs.existsSync(path.join(stored, 'after.md.json'))).toBe(true);
});

test('a file renamed in one window: the other window\'s tab on it follows with its comments, and its next save writes the new file', async ({ stack, ai }) => {
  const page = stack.page;
  fs.writeFileSync(path.join(stack.workspace, 'wander.md'), NOTE);
  await page.reload();
  await page.getByText(/MCP: connected/).waitFor();
  const second = await stack.openEditorWindow();
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(stack.workspace, 'wander.md'), windowLabel: 'window-2' });
  // the person comments in the second window
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceEditor(second);
  await selectWithKeyboard(second, 2, 4, 'quick brown'.length);
  await commentOnSelection(second, 'Follow me across windows.');
  await expect.poll(async () => (await ai.ok<ListedPage>('comments', { action: 'list', tabId })).threads.length).toBe(1);

  page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept('wandered.md') : dialog.accept()));
  await page.getByRole('treeitem', { name: 'wander.md' }).getByRole('button').click();
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Rename' }).click();
  const moved = path.join(stack.workspace, 'wandered.md');
  await expect.poll(() => fs.existsSync(moved)).toBe(true);

  // the second window's tab now names the new file, keeps its thread, and saves there
  await expect(second.getByRole('tab', { name: 'wandered' })).toBeVisible();
  await expect.poll(async () => (await ai.ok<ListedPage>('comments', { action: 'list', tabId })).doc).toBe(moved);
  expect((await ai.ok<ListedPage>('comments', { action: 'list', tabId })).threads.map((t) => t.replies[0]?.body)).toEqual(['Follow me across windows.']);
  const written = await ai.ok<{ saved: boolean }>('document', { action: 'write', tabId, content: `${NOTE}Written after the move.\n` });
  expect(written.saved).toBe(true);
  expect(fs.readFileSync(moved, 'utf8')).toBe(`${NOTE}Written after the move.\n`);
  expect(fs.existsSync(path.join(stack.workspace, 'wander.md'))).toBe(false);
});

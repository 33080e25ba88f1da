import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { useSourceMode } from './support/person';
import { openFolderFromPalette, stubFolderPicker, writeOpfsFiles } from './support/pickedFolder';

test('crash and restore: text typed and not saved comes back after the page is killed', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'crash.md');
  fs.writeFileSync(file, 'saved line\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type('typed, never saved');
  await stack.page.waitForTimeout(1_200);
  // kill the renderer: no unload handlers run, as in a real crash; the next window opens once it is gone
  const crashed = new Promise<void>((resolve) => stack.page.once('crash', () => resolve()));
  await stack.page.goto('chrome://kill').catch(() => undefined);
  await crashed;

  const fresh = await stack.openEditorWindow();
  const bar = fresh.getByRole('region', { name: 'Unsaved work' });
  await bar.getByRole('button', { name: 'Restore crash' }).click();
  await expect(fresh.getByLabel('crash document')).toContainText('typed, never saved');
  expect(fs.readFileSync(file, 'utf8')).toBe('saved line\n');
  const state = await ai.ok<{ windows: { tabs: { filePath: string; dirty: boolean }[] }[] }>('session', { action: 'get_state' });
  expect(state.windows.flatMap((w) => w.tabs).find((t) => t.filePath === file)?.dirty).toBe(true);
});

test('a second window does not offer the live window\'s unsaved work as lost', async ({ stack, ai }) => {
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  await ai.ok('document', { action: 'write', tabId, content: 'draft in main\n' });
  await stack.page.waitForTimeout(1_000);
  const second = await stack.openEditorWindow('');
  await second.waitForTimeout(1_000);
  await expect(second.getByRole('region', { name: 'Unsaved work' })).toHaveCount(0);
});

test('file tree: new file, rename, delete with a confirm; the open tab follows the rename', async ({ stack }) => {
  const page = stack.page;
  page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept(dialog.message().startsWith('New name') ? 'renamed.md' : 'fresh.md') : dialog.accept()));
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'New file' }).click();
  await expect(page.getByRole('treeitem', { name: 'fresh.md' })).toBeVisible();
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'fresh.md'))).toBe(true);
  await page.getByRole('treeitem', { name: 'fresh.md' }).getByRole('button').click();
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Rename' }).click();
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'renamed.md'))).toBe(true);
  expect(fs.existsSync(path.join(stack.workspace, 'fresh.md'))).toBe(false);
  await expect(page.getByRole('tab', { name: 'renamed' })).toBeVisible();
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'renamed.md'))).toBe(false);
});

test('command palette and settings are usable with the keyboard only', async ({ stack }) => {
  const page = stack.page;
  await page.locator('body').click();
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('settings');
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  const integration = settings.getByRole('checkbox', { name: 'Auto-approve save to new location and Genie results' });
  await expect(integration).not.toBeChecked();
  await integration.check();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('vmark.settings') ?? '{}').autoApproveNewLocation)).toBe(true);
});

test('outline lists the headings and word count shows in the status bar', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'outline.md');
  fs.writeFileSync(file, '# Title\n\nSome words here.\n\n## Part two\n\nMore 中文.\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await stack.page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Outline' }).click();
  const outline = stack.page.getByRole('complementary', { name: 'Outline' });
  await expect(outline.getByRole('button')).toHaveText(['×', 'Title', 'Part two']);
  await expect(stack.page.getByRole('status').first()).toContainText('9 words');
});

test('a file changed outside VMark in a picked folder is reported by FileSystemObserver: the clean tab follows without polling', async ({ stack }) => {
  const page = stack.page;
  await writeOpfsFiles(page, 'observed', { 'note.md': 'first version\n' });
  await stubFolderPicker(page, 'observed');
  await openFolderFromPalette(page);
  await page.getByRole('treeitem', { name: 'note.md' }).getByRole('button').click();
  const editor = page.getByLabel('note document');
  await expect(editor).toContainText('first version');

  // from here on only an observer can bring the change in
  await page.evaluate(() => {
    (window as unknown as { vmarkDebug: { disk: { polling: boolean } } }).vmarkDebug.disk.polling = false;
  });
  await writeOpfsFiles(page, 'observed', { 'note.md': 'second version, written by another program\n' });
  await expect(editor).toContainText('second version, written by another program');
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { useSourceMode } from './support/person';

interface State {
  windows: { tabs: { id: string; filePath: string | null; title: string; dirty: boolean }[] }[];
}

test('Save As for the person: the tab moves to the new file, the old file is untouched; bad paths are refused, replacing asks first', async ({ stack, ai }) => {
  const page = stack.page;
  const original = path.join(stack.workspace, 'draft.md');
  fs.writeFileSync(original, 'original text\n');
  fs.writeFileSync(path.join(stack.workspace, 'taken.md'), 'keep me\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: original });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(page);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('edited line');

  // the keyboard opens it with the tab's own path; bad paths get a clear message and write nothing
  await page.keyboard.press('Control+Shift+S');
  const dialog = page.getByRole('dialog', { name: 'Save draft as' });
  const field = dialog.getByRole('textbox', { name: 'File path' });
  await expect(field).toHaveValue(original);
  const refused = async (typed: string, message: RegExp) => {
    await field.fill(typed);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
  };
  await refused('/etc/vmark-save-as.md', /outside the workspace/);
  await refused('../escape.md', /outside the workspace/);
  await refused('.vmark/comments/x.md', /VMark's own data/);
  fs.mkdirSync(path.join(stack.workspace, 'folder'));
  await refused('folder', /is a folder/);
  await refused('   ', /Enter a file name/);

  // an existing file is replaced only after the person confirms
  await field.fill('taken.md');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const replace = dialog.getByRole('group', { name: 'Replace existing file' });
  await expect(replace).toContainText('taken.md already exists. Replace it?');
  await replace.getByRole('button', { name: 'Keep it' }).click();
  expect(fs.readFileSync(path.join(stack.workspace, 'taken.md'), 'utf8')).toBe('keep me\n');

  // a relative path inside a folder that does not exist yet
  await field.fill('notes/final.md');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const saved = path.join(stack.workspace, 'notes', 'final.md');
  await expect.poll(() => fs.existsSync(saved) && fs.readFileSync(saved, 'utf8')).toBe('original text\nedited line');
  expect(fs.readFileSync(original, 'utf8')).toBe('original text\n');
  await expect(page.getByRole('tab', { name: 'final', exact: true })).toBeVisible();
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows[0]?.tabs.find((t) => t.id === tabId)).toMatchObject({ filePath: saved, title: 'final', dirty: false });

  // from the command palette, replacing a file after confirming
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('Save As');
  await page.keyboard.press('Enter');
  const again = page.getByRole('dialog', { name: 'Save final as' });
  await again.getByRole('textbox', { name: 'File path' }).fill(path.join(stack.workspace, 'taken.md'));
  await again.getByRole('button', { name: 'Save', exact: true }).click();
  await again.getByRole('group', { name: 'Replace existing file' }).getByRole('button', { name: 'Replace' }).click();
  await expect(again).toHaveCount(0);
  await expect.poll(() => fs.readFileSync(path.join(stack.workspace, 'taken.md'), 'utf8')).toBe('original text\nedited line');
  expect(fs.readFileSync(saved, 'utf8')).toBe('original text\nedited line');
  await expect(page.getByRole('tab', { name: 'taken', exact: true })).toBeVisible();
});

test('Ctrl+S on an untitled document asks where to save it', async ({ stack, ai }) => {
  const page = stack.page;
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  await ai.ok('document', { action: 'write', tabId, content: '# Fresh\n' });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await page.getByRole('heading', { name: 'Fresh' }).click();
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: /^Save Untitled-\d+ as$/ });
  await dialog.getByRole('textbox', { name: 'File path' }).fill('fresh.md');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'fresh.md')) && fs.readFileSync(path.join(stack.workspace, 'fresh.md'), 'utf8')).toBe('# Fresh\n');
  await expect(page.getByRole('tab', { name: 'fresh', exact: true })).toBeVisible();
});

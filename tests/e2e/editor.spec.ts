import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

test('crash and restore: text typed and not saved comes back after the page is killed', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'crash.md');
  fs.writeFileSync(file, 'saved line\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type('typed, never saved');
  await stack.page.waitForTimeout(1_200);
  // kill the renderer: no unload handlers run, as in a real crash
  await stack.page.goto('chrome://kill').catch(() => undefined);

  const fresh = await stack.openEditorWindow();
  const bar = fresh.getByRole('region', { name: 'Unsaved work' });
  await bar.getByRole('button', { name: 'Restore crash' }).click();
  await expect(fresh.locator('.cm-content')).toContainText('typed, never saved');
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

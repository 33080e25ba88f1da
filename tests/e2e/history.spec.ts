import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { useSourceMode } from './support/person';

test('DOC-WRITE-11 an AI save lands in the history as an (mcp) snapshot; the review panel shows the change and restores it with a new revision', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'h.md');
  fs.writeFileSync(file, 'line one\nline two\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const written = await ai.ok<{ revision: string }>('document', { action: 'write', tabId, content: 'line one\nline 2 by AI\n' });

  await stack.page.getByRole('button', { name: 'History' }).click();
  const panel = stack.page.getByRole('complementary', { name: 'History' });
  await expect(panel.getByRole('button', { name: /\(mcp\)/ })).toBeVisible();
  const change = panel.getByRole('button', { name: /document\.write by e2e-ai/ });
  await change.click();
  await expect(panel.getByLabel('Changes')).toContainText('- line two');
  await expect(panel.getByLabel('Changes')).toContainText('+ line 2 by AI');
  await panel.getByRole('button', { name: 'Restore the text before this change' }).click();

  const after = await ai.ok<{ content: string; revision: string; dirty: boolean }>('document', { action: 'read', tabId });
  expect(after.content).toBe('line one\nline two\n');
  expect(after.revision).not.toBe(written.revision);
  // an agent still holding the old revision is told STALE
  const stale = await ai.call('document', { action: 'write', tabId, content: 'x\n', expected_revision: written.revision });
  expect(stale.structuredContent).toMatchObject({ error: 'STALE', current_revision: after.revision });
});

test('the person saves with Ctrl+S: the file is written and a snapshot is kept', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'p.md');
  fs.writeFileSync(file, 'draft\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type('more');
  await stack.page.keyboard.press('Control+s');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe('draft\nmore');
  // the file is on disk before the page hears that its write is done and marks the tab saved
  await expect.poll(async () => (await ai.ok<{ dirty: boolean }>('document', { action: 'read', tabId })).dirty).toBe(false);
  await stack.page.getByRole('button', { name: 'History' }).click();
  await expect(stack.page.getByRole('complementary', { name: 'History' }).getByRole('heading', { name: 'Snapshots' })).toBeVisible();
});

test('a file made outside VMark shows up in the file tree; renamed there, it keeps its history: snapshots and AI changes move with it', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'before.md');
  fs.writeFileSync(file, 'one\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await ai.ok('document', { action: 'write', tabId, content: 'one\ntwo by AI\n' });

  const page = stack.page;
  page.on('dialog', (dialog) => void dialog.accept('after.md'));
  await page.getByRole('treeitem', { name: 'before.md' }).getByRole('button').click();
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Rename' }).click();
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'after.md'))).toBe(true);
  await expect(page.getByRole('tab', { name: 'after' })).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const panel = page.getByRole('complementary', { name: 'History' });
  await expect(panel.getByRole('heading', { name: 'History of after' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /\(mcp\)/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /document\.write by e2e-ai/ })).toBeVisible();
  // the next AI change lands after the moved one
  await ai.ok('document', { action: 'write', tabId, content: 'one\ntwo by AI\nthree\n' });
  await expect(panel.getByRole('button', { name: /document\.write by e2e-ai/ })).toHaveCount(2);
});

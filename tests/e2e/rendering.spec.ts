import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures';
import type { Ai } from './support/mcpClient';

async function openInEditor(stack: { workspace: string }, ai: Ai, name: string, content: string | Buffer) {
  const file = path.join(stack.workspace, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  return { file, tabId };
}

async function saveAndWait(page: Page): Promise<void> {
  await page.keyboard.press('Control+s');
  await page.waitForTimeout(500);
}

test('a ts fence is highlighted in WYSIWYG; saving untouched keeps the bytes', async ({ stack, ai }) => {
  const doc = '# Code\r\n\r\n```ts\r\nconst answer: number = 42; // the answer\r\n```\r\n\r\n~~~\r\nplain\r\n~~~\r\n';
  const { file } = await openInEditor(stack, ai, 'code.md', doc);
  const editor = stack.page.getByLabel('code document');
  await expect(editor.locator('pre .hljs-keyword').first()).toHaveText('const');
  await expect(editor.locator('pre .hljs-number')).toHaveText('42');
  await expect(editor.locator('pre .hljs-comment')).toHaveText('// the answer');
  await editor.getByRole('heading', { name: 'Code' }).click();
  await saveAndWait(stack.page);
  expect(fs.readFileSync(file, 'utf8')).toBe(doc);
});

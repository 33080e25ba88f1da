// Browser workflow files in the editor: a *.workflow.md file opens in source mode and is checked
// with the shared workflow parser as you type; "New workflow" starts one from the palette.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

const BROKEN = ['---', 'site: shop.example', 'inputs: [email]', '---', '1. action: navigate to https://shop.example/login', '2. action: type {email} into Email (textbox)', '3. action: click "Sign in" (button)', ''].join('\n');

test('BRW-RUN-01 a workflow file is checked as you type: a malformed line is underlined with line, code and message, and the mark goes when it is fixed; New workflow starts one', async ({ stack, ai }) => {
  const page = stack.page;
  const file = path.join(stack.workspace, 'flows', 'order.workflow.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, BROKEN);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });

  // source mode by itself; the unquoted name is a malformed target at line 6
  const mark = page.locator('.cm-workflow-diagnostic-error');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveAttribute('title', /expected a JSON-quoted name.*\[malformed-target\]/);
  await expect(mark).toHaveText('Email');
  await expect(page.locator('.cm-line', { has: mark })).toHaveText('2. action: type {email} into Email (textbox)');

  // the person quotes the name: the underline goes
  await mark.click();
  await page.keyboard.press('Home');
  for (let i = 0; i < '2. action: type {email} into '.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('"');
  await page.keyboard.press('End');
  for (let i = 0; i < ' (textbox)'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('"');
  await expect(page.locator('.cm-line', { hasText: 'into "Email" (textbox)' })).toHaveCount(1);
  await expect(page.locator('.cm-workflow-diagnostic-error, .cm-workflow-diagnostic-warning')).toHaveCount(0);

  // New workflow from the palette: a source tab with a skeleton that parses; breaking a step shows its code
  await page.locator('body').click();
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('New workflow');
  await page.keyboard.press('Enter');
  const content = page.locator('.cm-content[aria-label$=".workflow source"]');
  await expect(content).toBeVisible();
  await expect(page.locator('.cm-line', { hasText: '3. goal: describe what the run should reach' })).toHaveCount(1);
  await page.locator('.cm-line', { hasText: '3. goal:' }).click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.type('3. wait: a moment');
  const unknown = page.locator('.cm-workflow-diagnostic-error');
  await expect(unknown).toHaveAttribute('title', /"wait" is not a step kind.*\[unknown-kind\]/);
});

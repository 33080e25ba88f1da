import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** About 2,400 lines: over the progressive threshold; a reference in every section resolves against one definition at the end. */
function largeDoc(): string {
  const lines = ['Intro paragraph of the large document.', ''];
  for (let n = 0; n < 300; n++) {
    lines.push(`## Section ${n}`, '', `Paragraph ${n} with **bold** and a [reference][site].`, '', `- item ${n}a`, `- item ${n}b`, '');
  }
  lines.push('## Last section', '', '[site]: https://example.com/site', '');
  return lines.join('\n');
}

async function holdBackgroundParse(page: Page, hold: boolean): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { vmarkDebug: { faults: { progressiveOpen: { holdBackground: boolean } } } }).vmarkDebug.faults.progressiveOpen.holdBackground = value;
  }, hold);
}

test('a large document opens progressively: typing at the top before the rest is parsed saves exactly the original plus the typed text; document.read and selection work mid-parse', async ({ stack, ai }) => {
  const source = largeDoc();
  const file = path.join(stack.workspace, 'large.md');
  fs.writeFileSync(file, source);
  await holdBackgroundParse(stack.page, true);
  try {
    const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
    await ai.ok('workspace', { action: 'switch_tab', tabId });
    const editor = stack.page.getByLabel('large document');
    await expect(editor.getByText('Intro paragraph of the large document.')).toBeVisible();
    const placeholders = editor.locator('[data-type="unparsed-source"]');
    expect(await placeholders.count()).toBeGreaterThan(0);
    expect(await editor.getByRole('heading', { name: 'Last section' }).count()).toBe(0);

    const read = await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read', tabId });
    expect(read.content).toBe(source);
    expect(read.dirty).toBe(false);

    await editor.getByText('Intro paragraph of the large document.').click({ position: { x: 1, y: 5 } });
    await stack.page.keyboard.type('Typed. ');

    // the selection is asked of the editor: the parse is finished first, wherever the background was
    const selection = await ai.ok<{ text: string; isEmpty: boolean; range: { from: number; to: number } }>('selection', { action: 'get' });
    expect(selection.isEmpty).toBe(true);
    expect(selection.range.from, (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content.slice(0, 80)).toBe(1 + 'Typed. '.length);
    await expect(placeholders).toHaveCount(0);
    await expect(editor.getByRole('heading', { name: 'Last section' })).toBeAttached();
    // a reference far from its definition is a link, as in one parse of the whole
    await expect(editor.getByRole('link', { name: 'reference' }).last()).toHaveAttribute('href', 'https://example.com/site');

    await stack.page.keyboard.press('Control+s');
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(`Typed. ${source}`);
    const after = await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read', tabId });
    expect(after.content).toBe(`Typed. ${source}`);
  } finally {
    await holdBackgroundParse(stack.page, false);
  }
});

test('the background parse replaces every placeholder on its own and is not an edit (not dirty, bytes unchanged)', async ({ stack, ai }) => {
  const source = largeDoc();
  const file = path.join(stack.workspace, 'background.md');
  fs.writeFileSync(file, source);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel('background document');
  await expect(editor.getByRole('heading', { name: 'Last section' })).toBeAttached({ timeout: 30_000 });
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0);
  await stack.page.waitForTimeout(400); // longer than the hand-over pause: nothing is handed over
  const read = await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read', tabId });
  expect(read.dirty).toBe(false);
  expect(read.content).toBe(source);
  expect(fs.readFileSync(file, 'utf8')).toBe(source);
});

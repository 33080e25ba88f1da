import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

// one stack for the spec: every test opens its own file in its own tab
let stack: Stack;
let ai: Ai;
useSharedStack({}, async (shared) => {
  stack = shared.stack;
  ai = await shared.connectAi();
});

/** About 2,400 lines: over the progressive threshold; a reference in every section resolves against one definition at the end. */
function largeDoc(): string {
  const lines = ['Intro paragraph of the large document.', ''];
  for (let n = 0; n < 300; n++) {
    lines.push(`## Section ${n}`, '', `Paragraph ${n} with **bold** and a [reference][site].`, '', `- item ${n}a`, `- item ${n}b`, '');
  }
  lines.push('## Last section', '', '[site]: https://example.com/site', '');
  return lines.join('\n');
}

type ProgressiveFaults = { holdBackground: boolean; onlyInView: boolean };

async function setFaults(page: Page, faults: Partial<ProgressiveFaults>): Promise<void> {
  await page.evaluate((value) => {
    Object.assign((window as unknown as { vmarkDebug: { faults: { progressiveOpen: ProgressiveFaults } } }).vmarkDebug.faults.progressiveOpen, value);
  }, faults);
}

async function holdBackgroundParse(page: Page, hold: boolean): Promise<void> {
  await setFaults(page, { holdBackground: hold });
}

test('a large document opens progressively: typing at the top before the rest is parsed saves exactly the original plus the typed text; document.read and selection work mid-parse', async () => {
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

test('the background parse replaces every placeholder on its own and is not an edit (not dirty, bytes unchanged)', async () => {
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

test('a large document shown again re-opens from its kept parse progressively: the first screen with placeholders, then all; undo does not undo the background', async () => {
  const source = largeDoc();
  const file = path.join(stack.workspace, 'reopen.md');
  const other = path.join(stack.workspace, 'other.md');
  fs.writeFileSync(file, source);
  fs.writeFileSync(other, '# Other\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const { tabId: otherId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: other });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel('reopen document');
  const placeholders = editor.locator('[data-type="unparsed-source"]');
  await expect(editor.getByRole('heading', { name: 'Last section' })).toBeAttached({ timeout: 30_000 });
  await expect(placeholders).toHaveCount(0);

  await ai.ok('workspace', { action: 'switch_tab', tabId: otherId });
  await holdBackgroundParse(stack.page, true);
  try {
    await ai.ok('workspace', { action: 'switch_tab', tabId });
    await expect(editor.getByText('Intro paragraph of the large document.')).toBeVisible();
    expect(await placeholders.count()).toBeGreaterThan(0);
    expect(await editor.getByRole('heading', { name: 'Last section' }).count()).toBe(0);
  } finally {
    await holdBackgroundParse(stack.page, false);
  }
  await expect(placeholders).toHaveCount(0, { timeout: 30_000 });
  await expect(editor.getByRole('heading', { name: 'Last section' })).toBeAttached();
  await expect(editor.getByRole('link', { name: 'reference' }).last()).toHaveAttribute('href', 'https://example.com/site');
  const read = await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read', tabId });
  expect(read).toMatchObject({ content: source, dirty: false });

  // the background's steps are not history: one undo takes back the one typed text, and the one after it nothing
  await editor.getByText('Intro paragraph of the large document.').click({ position: { x: 1, y: 5 } });
  await stack.page.keyboard.type('Typed. ');
  await expect.poll(async () => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe(`Typed. ${source}`);
  await stack.page.keyboard.press('Control+z');
  await stack.page.keyboard.press('Control+z');
  await expect.poll(async () => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe(source);
  await expect(editor.getByRole('heading', { name: 'Last section' })).toBeAttached();
  expect(await placeholders.count()).toBe(0);
});

test('a jump into a part not parsed yet shows that part parsed first; the rest follows, and the text is unchanged', async () => {
  const source = largeDoc();
  const file = path.join(stack.workspace, 'jump.md');
  fs.writeFileSync(file, source);
  await holdBackgroundParse(stack.page, true);
  try {
    const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
    await ai.ok('workspace', { action: 'switch_tab', tabId });
    const editor = stack.page.getByLabel('jump document');
    const placeholders = editor.locator('[data-type="unparsed-source"]');
    await expect(editor.getByText('Intro paragraph of the large document.')).toBeVisible();
    const before = await placeholders.count();
    expect(before).toBeGreaterThan(2);
    // the background now parses only what is in view: the end of the document, once it is scrolled to
    await setFaults(stack.page, { holdBackground: false, onlyInView: true });
    await placeholders.last().scrollIntoViewIfNeeded();
    await expect(editor.getByRole('heading', { name: 'Last section' })).toBeVisible();
    await expect(editor.getByRole('heading', { name: 'Section 299' })).toBeAttached();
    expect(await editor.getByRole('heading', { name: 'Section 100' }).count()).toBe(0);
    expect(await placeholders.count()).toBeGreaterThan(0);
    expect(await placeholders.count()).toBeLessThan(before);

    await setFaults(stack.page, { onlyInView: false });
    await expect(placeholders).toHaveCount(0, { timeout: 30_000 });
    // by its id: far from the view it is out of layout (display: none), so it has no role for getByRole
    await expect(editor.locator('#section-100')).toBeAttached();
    const read = await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read', tabId });
    expect(read).toMatchObject({ content: source, dirty: false });
  } finally {
    await setFaults(stack.page, { holdBackground: false, onlyInView: false });
  }
});

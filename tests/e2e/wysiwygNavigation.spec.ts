// Moving around a large WYSIWYG document as the person does: Ctrl+Home / Ctrl+End, the browser's
// find, and the outline, while the document still opens progressively (placeholders) and once its
// far blocks are taken out of layout (display: none, offscreenBlocks.ts).
// One stack for the spec: every test opens its own file in its own tab.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

let stack: Stack;
let ai: Ai;
useSharedStack({}, async (shared) => {
  stack = shared.stack;
  ai = await shared.connectAi();
});

const NEEDLE = 'zebracorn';

/**
 * An intro paragraph, `sections` sections of a heading, two paragraphs and a list (seven lines, four
 * top-level blocks each; every 50th section's second paragraph holds `NEEDLE`), and a last paragraph
 * that holds it too.
 */
function sectionsDoc(sections: number): string {
  const lines = ['Intro paragraph of the document.', ''];
  for (let n = 0; n < sections; n++) {
    const second = n % 50 === 0 ? `Second paragraph ${n} about the ${NEEDLE} of section ${n}.` : `Second paragraph ${n} with *emphasis*.`;
    lines.push(`## Section ${n}`, '', `First paragraph ${n} of the section.`, '', second, '', `- item ${n}`, '');
  }
  lines.push(`Last paragraph of the document, with a ${NEEDLE}.`, '');
  return lines.join('\n');
}

const occurrences = (text: string) => text.split(NEEDLE).length - 1;

type ProgressiveFaults = { holdBackground: boolean; onlyInView: boolean };

async function holdBackgroundParse(page: Page, hold: boolean): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { vmarkDebug: { faults: { progressiveOpen: ProgressiveFaults } } }).vmarkDebug.faults.progressiveOpen.holdBackground = value;
  }, hold);
}

/** Writes `name` into the workspace, opens it through MCP and shows it; the person sees its WYSIWYG editor. */
async function show(name: string, source: string): Promise<{ tabId: string; editor: Locator; file: string }> {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, source);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel(`${name.replace(/\.md$/, '')} document`, { exact: true });
  await expect(editor.getByText('Intro paragraph of the document.')).toBeVisible();
  return { tabId, editor, file };
}

/** The heading `text` of `editor` (its accessible name starts with its anchor link's). */
const heading = (editor: Locator, text: string) => editor.getByRole('heading', { name: new RegExp(` ${text}$`) });

/** Whether the caret (the DOM selection's head) is inside the editor's scroller's visible box. */
function caretInView(editor: Locator): Promise<boolean> {
  return editor.evaluate((element) => {
    const selection = element.ownerDocument.getSelection();
    if (!selection?.focusNode || !element.contains(selection.focusNode)) return false;
    const range = element.ownerDocument.createRange();
    range.setStart(selection.focusNode, selection.focusOffset);
    const node = selection.focusNode;
    const rect = range.getClientRects()[0] ?? (node instanceof Element ? node : node.parentElement!).getBoundingClientRect();
    const box = element.closest('.wysiwyg-host')!.getBoundingClientRect();
    return rect.bottom > box.top && rect.top < box.bottom;
  });
}

const contentOf = async (tabId: string) => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content;

/** Top-level blocks the browser's find bar cannot search: placeholders, and blocks out of layout (`display: none`). */
function unsearchableBlocks(editor: Locator): Promise<number> {
  return editor.evaluate((element) => [...element.children].filter((block) => block.matches('[data-type="unparsed-source"]') || getComputedStyle(block).display === 'none').length);
}

test('Ctrl+End and Ctrl+Home go to the very end and start of a document still opening progressively; the caret is shown and typed at', async () => {
  const source = sectionsDoc(300);
  await holdBackgroundParse(stack.page, true);
  try {
    const { tabId, editor } = await show('ends-progressive.md', source);
    const placeholders = editor.locator('[data-type="unparsed-source"]');
    expect(await placeholders.count()).toBeGreaterThan(2);
    await editor.getByText('Intro paragraph of the document.').click();

    await stack.page.keyboard.press('Control+End');
    const last = editor.getByText('Last paragraph of the document');
    await expect(last).toBeInViewport();
    expect(await caretInView(editor)).toBe(true);
    expect(await placeholders.count()).toBeGreaterThan(0);
    await stack.page.keyboard.type(' End.');
    await expect.poll(() => contentOf(tabId)).toBe(source.replace(/\n$/, ' End.\n'));

    await stack.page.keyboard.press('Control+Home');
    await expect(editor.getByText('Intro paragraph of the document.')).toBeInViewport();
    expect(await caretInView(editor)).toBe(true);
    await stack.page.keyboard.type('Start. ');
    await expect.poll(() => contentOf(tabId)).toBe(`Start. ${source.replace(/\n$/, ' End.\n')}`);
  } finally {
    await holdBackgroundParse(stack.page, false);
  }
});

test('Ctrl+End and Ctrl+Home go to the very end and start of a document whose far blocks are hidden; Shift selects to there', async () => {
  const source = sectionsDoc(300);
  const { tabId, editor } = await show('ends-hidden.md', source);
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0, { timeout: 30_000 });
  await heading(editor, 'Section 3').click();
  await expect.poll(() => unsearchableBlocks(editor)).toBeGreaterThan(100);

  await stack.page.keyboard.press('Control+End');
  await expect(editor.getByText('Last paragraph of the document')).toBeInViewport();
  expect(await caretInView(editor)).toBe(true);
  await stack.page.keyboard.type(' End.');
  const ended = source.replace(/\n$/, ' End.\n');
  await expect.poll(() => contentOf(tabId)).toBe(ended);

  // from the end, Shift+Ctrl+Home selects the whole document
  await stack.page.keyboard.press('Shift+Control+Home');
  await expect(editor.getByText('Intro paragraph of the document.')).toBeInViewport();
  const selected = await ai.ok<{ text: string }>('selection', { action: 'get', tabId });
  expect(selected.text.startsWith('Intro paragraph of the document.'), selected.text.slice(0, 80)).toBe(true);
  expect(selected.text.endsWith('with a zebracorn. End.'), selected.text.slice(-80)).toBe(true);
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.press('Control+Home');
  await stack.page.keyboard.type('Start. ');
  await expect.poll(() => contentOf(tabId)).toBe(`Start. ${ended}`);
});

/**
 * What the browser's find finds: `window.find` is Chromium's find in the page, which like the find
 * bar skips text under `display: none` (the find bar itself is browser UI, out of a
 * test's reach; unlike it, `window.find` does not scroll the editor's scroller to a match). Counts
 * the matches of `NEEDLE` from the document's start.
 */
function findAll(page: Page): Promise<number> {
  return page.evaluate((needle) => {
    const page = window as unknown as { find(text: string, caseSensitive: boolean, backwards: boolean, wrap: boolean): boolean };
    window.getSelection()?.removeAllRanges();
    let found = 0;
    while (found < 10_000 && page.find(needle, true, false, false)) found++;
    return found;
  }, NEEDLE);
}

test('the browser find at once in a 10k-line document still opening progressively finds every occurrence, also in far blocks hidden later', async () => {
  const source = sectionsDoc(1_430);
  expect(source.split('\n').length).toBeGreaterThan(10_000);
  await holdBackgroundParse(stack.page, true);
  try {
    const { editor } = await show('find.md', source);
    expect(await editor.locator('[data-type="unparsed-source"]').count()).toBeGreaterThan(100);

    await stack.page.keyboard.press('Control+f');
    expect(await findAll(stack.page)).toBe(occurrences(source));
  } finally {
    await holdBackgroundParse(stack.page, false);
  }
  const editor = stack.page.getByLabel('find document', { exact: true });
  expect(await editor.locator('[data-type="unparsed-source"]').count()).toBe(0);

  // back in the editor, the far blocks are hidden again; the next find shows them all
  await editor.getByText('Last paragraph of the document').click();
  await expect.poll(() => unsearchableBlocks(editor)).toBeGreaterThan(1_000);
  await stack.page.keyboard.press('Control+f');
  expect(await unsearchableBlocks(editor)).toBe(0);
  expect(await findAll(stack.page)).toBe(occurrences(source));
});

test('the outline reveals a heading in WYSIWYG: scrolled to and the caret there, also a heading still in a placeholder and one in a hidden far block', async () => {
  const source = sectionsDoc(300);
  await holdBackgroundParse(stack.page, true);
  const { tabId, editor } = await show('outline.md', source);
  const outline = stack.page.getByRole('complementary', { name: 'Outline' });
  try {
    await stack.page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Outline' }).click();
    await expect(heading(editor, 'Section 250')).toHaveCount(0);

    await outline.getByRole('button', { name: 'Section 250', exact: true }).click();
    await expect(heading(editor, 'Section 250')).toBeInViewport();
    expect(await caretInView(editor)).toBe(true);
    await stack.page.keyboard.type('Here ');
    await expect.poll(() => contentOf(tabId)).toBe(source.replace('## Section 250\n', '## Here Section 250\n'));
  } finally {
    await holdBackgroundParse(stack.page, false);
  }
  const typed = source.replace('## Section 250\n', '## Here Section 250\n');

  // parsed whole, far blocks hidden: a heading in the middle, from the top
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0, { timeout: 30_000 });
  await outline.getByRole('button', { name: 'Section 0', exact: true }).click();
  // by its id: a heading out of layout has no accessible name
  const middle = editor.locator('#section-150');
  await expect.poll(() => middle.evaluate((element) => getComputedStyle(element).display)).toBe('none');
  await outline.getByRole('button', { name: 'Section 150', exact: true }).click();
  await expect(middle).toBeInViewport();
  expect(await caretInView(editor)).toBe(true);
  await stack.page.keyboard.type('There ');
  await expect.poll(() => contentOf(tabId)).toBe(typed.replace('## Section 150\n', '## There Section 150\n'));
});

import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** 1,200 top-level paragraphs: over the size where blocks far from the viewport and the caret are hidden. */
const BLOCKS = 1_200;
const source = Array.from({ length: BLOCKS }, (_, n) => `Block ${n} of the long document.`).join('\n\n') + '\n';

const contentVisibility = (block: Locator) => block.evaluate((element) => getComputedStyle(element).contentVisibility);

test('a long document: blocks far from the viewport and the caret are hidden, those near them are not; the caret moved to the end is shown and typed at; scrolling shows what comes into view; Ctrl+F hides nothing', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'long.md');
  fs.writeFileSync(file, source);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel('long document');
  const block = (n: number) => editor.locator(`:scope > p:nth-child(${n + 1})`);
  await expect(block(BLOCKS - 1)).toHaveText(`Block ${BLOCKS - 1} of the long document.`);
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0);

  await block(0).click();
  await expect.poll(() => contentVisibility(block(BLOCKS / 2))).toBe('hidden');
  expect(await contentVisibility(block(0))).toBe('auto');
  expect(await contentVisibility(block(5))).toBe('auto');

  // the caret far away, at the very end: its block is laid out before the editor scrolls it into view
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type(' Typed at the end.');
  await expect(block(BLOCKS - 1)).toBeInViewport();
  expect(await contentVisibility(block(BLOCKS - 1))).toBe('auto');
  const read = await ai.ok<{ content: string }>('document', { action: 'read', tabId });
  expect(read.content).toBe(source.replace(/\n$/, ' Typed at the end.\n'));

  // scrolled to the middle: the blocks in view are shown
  await editor.evaluate((element) => {
    const scroller = element.closest('.wysiwyg-host')!;
    scroller.scrollTop = scroller.scrollHeight / 2;
  });
  const middleBlock = () =>
    editor.evaluate((element) => {
      const box = element.closest('.wysiwyg-host')!.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('.wysiwyg > *');
      return hit ? `${hit.textContent?.split(' ')[1]} ${getComputedStyle(hit).contentVisibility}` : 'none';
    });
  await expect.poll(middleBlock).toMatch(/^\d+ auto$/);
  const middle = Number((await middleBlock()).split(' ')[0]);
  expect(middle).toBeGreaterThan(BLOCKS / 4);
  expect(middle).toBeLessThan(BLOCKS - 10);

  // the caret's block stays laid out when the view scrolls away from it
  await block(middle).click();
  await editor.evaluate((element) => {
    element.closest('.wysiwyg-host')!.scrollTop = 0;
  });
  await expect.poll(() => contentVisibility(block(middle + 200))).toBe('hidden');
  await expect.poll(() => contentVisibility(block(0))).toBe('auto');
  expect(await contentVisibility(block(middle))).toBe('auto');

  // the browser's find bar looks for text in the whole document
  await stack.page.keyboard.press('Control+f');
  await expect.poll(() => contentVisibility(block(BLOCKS / 4))).toBe('auto');
});

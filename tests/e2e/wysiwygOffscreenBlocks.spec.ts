import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { Ai } from './support/mcpClient';

/** 1,200 top-level paragraphs: over the size where blocks far from the viewport and the caret are hidden. */
const BLOCKS = 1_200;
const source = Array.from({ length: BLOCKS }, (_, n) => `Block ${n} of the long document.`).join('\n\n') + '\n';

/** Whether a top-level block is in the layout (far ones are `display: none`). */
const laidOut = (block: Locator) => block.evaluate((element) => getComputedStyle(element).display !== 'none');

test('a long document: blocks far from the viewport and the caret are out of layout, those near them are not; the caret moved to the end is shown and typed at; scrolling shows what comes into view; Ctrl+F hides nothing', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'long.md');
  fs.writeFileSync(file, source);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel('long document');
  const block = (n: number) => editor.locator(`:scope > p:nth-child(${n + 1})`);
  await expect(block(BLOCKS - 1)).toHaveText(`Block ${BLOCKS - 1} of the long document.`);
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0);

  await block(0).click();
  await expect.poll(() => laidOut(block(BLOCKS / 2))).toBe(false);
  expect(await laidOut(block(0))).toBe(true);
  expect(await laidOut(block(5))).toBe(true);

  // the caret far away, at the very end: its block is laid out before the editor scrolls it into view
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type(' Typed at the end.');
  await expect(block(BLOCKS - 1)).toBeInViewport();
  expect(await laidOut(block(BLOCKS - 1))).toBe(true);
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
      return hit ? `${hit.textContent?.split(' ')[1]} ${getComputedStyle(hit).display}` : 'none';
    });
  await expect.poll(middleBlock).toMatch(/^\d+ block$/);
  const middle = Number((await middleBlock()).split(' ')[0]);
  expect(middle).toBeGreaterThan(BLOCKS / 4);
  expect(middle).toBeLessThan(BLOCKS - 10);

  // the caret's block stays laid out when the view scrolls away from it
  await block(middle).click();
  await editor.evaluate((element) => {
    element.closest('.wysiwyg-host')!.scrollTop = 0;
  });
  await expect.poll(() => laidOut(block(middle + 200))).toBe(false);
  await expect.poll(() => laidOut(block(0))).toBe(true);
  expect(await laidOut(block(middle))).toBe(true);

  // the browser's find bar looks for text in the whole document
  await stack.page.keyboard.press('Control+f');
  await expect.poll(() => laidOut(block(BLOCKS / 4))).toBe(true);
});

/** Blocks of different heights: headings, one-line and long paragraphs, lists. */
const mixed =
  Array.from({ length: 300 }, (_, n) =>
    [`## Part ${n}`, `Short ${n}.`, `Long ${n} ${'words that wrap over several lines of the editor '.repeat(1 + (n % 4))}end.`, `- item ${n}\n- item ${n} b`].join('\n\n'),
  ).join('\n\n') + '\n';

async function showMixed(stack: { workspace: string }, ai: Ai, name: string) {
  const file = path.join(stack.workspace, `${name}.md`);
  fs.writeFileSync(file, mixed);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  return tabId;
}

test('scrolling with the scrollbar into blocks out of layout: they are shown where they were while laid out, in the frame of the scroll; the scroll height stays', async ({ stack, ai }) => {
  await showMixed(stack, ai, 'mixed');
  const editor = stack.page.getByLabel('mixed document');
  await expect(editor.getByText('item 299 b')).toHaveCount(1);
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0);
  await editor.getByText('Short 0.').click();
  const target = editor.locator(':scope > :nth-child(701)');
  // where block 700 is while everything is laid out (the find bar shows every block), in the scroller's content
  await stack.page.keyboard.press('Control+f');
  await expect.poll(() => laidOut(editor.locator(':scope > :nth-child(700)'))).toBe(true);
  const place = () =>
    target.evaluate((element) => {
      const scroller = element.closest('.wysiwyg-host')!;
      return { top: element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop, height: scroller.scrollHeight };
    });
  const whole = await place();
  await editor.getByText('Short 1.').click();
  await expect.poll(() => laidOut(target)).toBe(false);
  expect(Math.abs((await editor.evaluate((element) => element.closest('.wysiwyg-host')!.scrollHeight)) - whole.height)).toBeLessThan(2);

  // one scroll to block 700: in the frame that runs its scroll event, before that paints, block 700 is laid out at its place
  const shown = await target.evaluate(
    (element, top) =>
      new Promise<{ display: string; top: number }>((resolve) => {
        const scroller = element.closest('.wysiwyg-host')!;
        // a listener after the editor's: its frame callback runs after the editor's in the same frame
        scroller.addEventListener('scroll', () => requestAnimationFrame(() => resolve({ display: getComputedStyle(element).display, top: element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop })), { once: true });
        scroller.scrollTop = top;
      }),
    whole.top,
  );
  expect(shown.display).not.toBe('none');
  expect(Math.abs(shown.top - whole.top)).toBeLessThan(2);
  await expect(target).toBeInViewport();
});

test('arrow keys and PageDown move the caret across blocks out of layout, and typing lands there; select all + copy copies every block', async ({ stack, ai }) => {
  const tabId = await showMixed(stack, ai, 'keys');
  const editor = stack.page.getByLabel('keys document');
  await expect(editor.getByText('item 299 b')).toHaveCount(1);
  await expect(editor.locator('[data-type="unparsed-source"]')).toHaveCount(0);
  await editor.getByText('Short 0.').click();
  await stack.page.keyboard.press('Home');
  // 400 blocks down by ArrowDown: far beyond the blocks laid out around the caret and the view when it started
  const far = editor.locator(':scope > :nth-child(401)');
  await expect.poll(() => laidOut(far)).toBe(false);
  for (let n = 0; n < 200; n++) await stack.page.keyboard.press('ArrowDown');
  await stack.page.keyboard.type('Down ');
  await expect(editor.getByText(/^Down /)).toBeInViewport();
  const down = (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content;
  expect(down.replace('Down ', '')).toBe(mixed);
  const downAt = down.indexOf('Down ');
  expect(downAt).toBeGreaterThan(mixed.indexOf('## Part 20\n'));

  for (let n = 0; n < 8; n++) await stack.page.keyboard.press('PageDown');
  // no trailing space: PageDown may land at the end of a block, where a space is saved as &#x20;
  await stack.page.keyboard.type('Paged');
  await expect(editor.getByText(/Paged/)).toBeInViewport();
  const paged = (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content;
  expect(paged.replace('Paged', '')).toBe(down);
  expect(paged.indexOf('Paged')).toBeGreaterThan(downAt);

  // select all and copy: the text of every block, also those out of layout
  await stack.page.evaluate(() => {
    window.addEventListener('copy', (event) => ((window as unknown as { copied: string }).copied = event.clipboardData?.getData('text/plain') ?? ''), { once: true });
  });
  await stack.page.keyboard.press('Control+a');
  await stack.page.keyboard.press('Control+c');
  const copied = await stack.page.evaluate(() => (window as unknown as { copied?: string }).copied ?? '');
  for (const n of [0, 150, 299]) for (const text of [`Part ${n}`, `Short ${n}.`, `Long ${n} words`, `item ${n} b`]) expect(copied).toContain(text);
  expect(copied).toContain('Down ');
  expect(copied).toContain('Paged');
  expect(copied.match(/^Short \d+\.$/gm)?.length).toBe(300);
});

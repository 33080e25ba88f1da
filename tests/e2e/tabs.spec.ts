import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from './support/fixtures';
import type { Ai } from './support/mcpClient';

interface State {
  windows: { tabs: { title: string }[] }[];
}

const order = async (ai: Ai): Promise<string[]> => (await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs.map((t) => t.title) ?? [];
const tab = (page: Page, title: string) => page.getByRole('tablist', { name: 'Open documents' }).getByRole('tab', { name: title, exact: true });

test('tabs reorder by drag and drop and by keyboard; pinned tabs stay first; session.get_state reports the order', async ({ stack, ai }) => {
  const page = stack.page;
  for (const name of ['a', 'b', 'c']) {
    const file = path.join(stack.workspace, `${name}.md`);
    fs.writeFileSync(file, `# ${name}\n`);
    await ai.ok('workspace', { action: 'open', filePath: file });
  }
  await expect(page.getByRole('tablist', { name: 'Open documents' }).getByRole('tab')).toHaveText(['a', 'b', 'c']);
  expect(await order(ai)).toEqual(['a', 'b', 'c']);

  await tab(page, 'c').dragTo(tab(page, 'a'));
  await expect.poll(() => order(ai)).toEqual(['c', 'a', 'b']);
  await expect(page.getByRole('tablist', { name: 'Open documents' }).getByRole('tab')).toHaveText(['c', 'a', 'b']);

  await tab(page, 'a').click();
  await page.keyboard.press('Control+Shift+PageDown');
  await expect.poll(() => order(ai)).toEqual(['c', 'b', 'a']);
  await page.keyboard.press('Control+Shift+PageUp');
  await page.keyboard.press('Control+Shift+PageUp');
  await expect.poll(() => order(ai)).toEqual(['a', 'c', 'b']);
  // at the start already: nothing moves
  await page.keyboard.press('Control+Shift+PageUp');
  expect(await order(ai)).toEqual(['a', 'c', 'b']);

  // a pinned tab goes before the unpinned ones, and no unpinned tab gets past it
  await page.getByRole('button', { name: 'Pin b' }).click();
  await expect.poll(() => order(ai)).toEqual(['b', 'a', 'c']);
  await page.keyboard.press('Control+Shift+PageUp');
  await tab(page, 'c').dragTo(tab(page, 'b'));
  await expect.poll(() => order(ai)).toEqual(['b', 'c', 'a']);
  await tab(page, 'c').click();
  await page.keyboard.press('Control+Shift+PageUp');
  expect(await order(ai)).toEqual(['b', 'c', 'a']);
  await expect(page.getByRole('tablist', { name: 'Open documents' }).getByRole('tab')).toHaveText(['b', 'c', 'a']);

  // the free space after the last tab: the tab goes to the end (a pinned one stays first)
  const bar = page.getByRole('tablist', { name: 'Open documents' });
  const box = await bar.boundingBox();
  if (!box) throw new Error('the tab bar is not shown');
  const end = { x: box.width - 4, y: box.height / 2 };
  await tab(page, 'c').dragTo(bar, { targetPosition: end });
  await expect.poll(() => order(ai)).toEqual(['b', 'a', 'c']);
  await tab(page, 'b').dragTo(bar, { targetPosition: end });
  await page.waitForTimeout(300);
  expect(await order(ai)).toEqual(['b', 'a', 'c']);
});

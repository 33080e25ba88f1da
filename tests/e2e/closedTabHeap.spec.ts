import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { connectAi, type Ai } from './support/mcpClient';
import { startStack, type Stack } from './support/stack';
import { retainersOf, takeHeapSnapshot } from './support/heapSnapshot';

// one stack for the spec; each document carries a token of its own on every line, so its text is
// found in a heap snapshot wherever a piece of it is kept (V8 names a string by its first 1,024 characters)
let stack: Stack;
let ai: Ai;
test.beforeAll(async () => {
  stack = await startStack();
  ai = await connectAi(stack.env);
});
test.afterAll(async () => {
  await ai?.close();
  await stack?.close();
});

/**
 * Markdown of about `lines` lines, every one carrying `token`. No blank lines: the markdown parser
 * keeps the last line it scanned (releaseMarkdownParserCache.ts), and a blank one would hide that.
 */
function markedDoc(token: string, lines: number): string {
  const out: string[] = [];
  for (let n = 0; out.length < lines; n++) {
    out.push(`## ${token} section ${n}`, `Paragraph ${n} ${token} with **bold ${token}** and \`code\`.`, `- ${token} item ${n}a`, `- ${token} item ${n}b`);
  }
  return `${out.join('\n')}\n`;
}

async function openShown(title: string, content: string): Promise<string> {
  const file = path.join(stack.workspace, `${title}.md`);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  return tabId;
}

async function typeInto(page: Page, editorLabel: string, text: string): Promise<void> {
  const editor = page.getByLabel(editorLabel);
  await editor.click();
  // at the top: the source editor's parse then stops a little past the viewport, far from the end
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(text);
}

test('a closed document leaves none of its text in the editor page: a 25k-line one in source mode and a 2,000-line WYSIWYG one (opened twice), typed in and closed', async () => {
  const stamp = Date.now().toString(36);
  const kept = `keptTab${stamp}`;
  const source = `sourceTab${stamp}`;
  const wysiwyg = `wysiwygTab${stamp}`;
  // a tab that stays open: its text must be found, or the probe proves nothing
  const keptTab = await openShown('kept', markedDoc(kept, 50));
  await expect(stack.page.getByLabel('kept document')).toContainText(kept);

  const sourceTab = await openShown('big-source', markedDoc(source, 25_000));
  await expect(stack.page.getByLabel('big-source source')).toContainText(source);
  await typeInto(stack.page, 'big-source source', `${source}typed`);

  const wysiwygTab = await openShown('big-wysiwyg', markedDoc(wysiwyg, 2_000));
  await expect(stack.page.getByLabel('big-wysiwyg document')).toContainText(`${wysiwyg} section 0`);
  await typeInto(stack.page, 'big-wysiwyg document', `${wysiwyg}typed`);
  await ai.ok('workspace', { action: 'switch_tab', tabId: keptTab });
  await ai.ok('workspace', { action: 'switch_tab', tabId: wysiwygTab });
  await expect(stack.page.getByLabel('big-wysiwyg document')).toContainText(`${wysiwyg}typed`);

  await ai.ok('workspace', { action: 'switch_tab', tabId: keptTab });
  for (const tabId of [sourceTab, wysiwygTab]) await ai.ok('workspace', { action: 'close', tabId, force: true });
  await expect(stack.page.getByRole('tab', { name: /big-/ })).toHaveCount(0);

  const cdp = await stack.context.newCDPSession(stack.page);
  // the buffer journal forgets a closed tab on its next pass, a moment after the close
  await expect
    .poll(async () => {
      const snapshot = await takeHeapSnapshot(cdp);
      return { kept: retainersOf(snapshot, kept).count > 0, source: retainersOf(snapshot, source), wysiwyg: retainersOf(snapshot, wysiwyg) };
    }, { timeout: 30_000, intervals: [1_000, 3_000, 5_000] })
    .toEqual({ kept: true, source: { count: 0, paths: [] }, wysiwyg: { count: 0, paths: [] } });
  await cdp.detach();
});

// Input-method composition against the AI's calls: text under composition belongs to the input
// method, so writing calls are BUSY (or ABORTED) while it lasts and reading calls still answer.

import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { Ai } from './support/mcpClient';
import { expect, test } from './support/fixtures';
import { injectFaults, journalEntries } from './support/journal';
import { useSourceMode } from './support/person';

const CJK = '中文English混排\n';

async function openFocused(stack: { workspace: string }, ai: Ai, name: string, content: string) {
  const file = path.join(stack.workspace, `${name}.md`);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  return { file, tabId };
}

/** The person puts the caret at the end of the first line of the editor that shows the tab. */
async function caretAtEnd(page: Page, mode: 'wysiwyg' | 'source', title: string): Promise<void> {
  const editor = mode === 'source' ? page.locator('.cm-content') : page.getByLabel(`${title} document`);
  await editor.click();
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
}

/** The person's input method starts composing (what a Japanese IME does on the first key). */
async function startComposing(cdp: CDPSession): Promise<void> {
  await cdp.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 });
}

for (const mode of ['wysiwyg', 'source'] as const) {
  test(`SEL-SET-13 SEL-GET-05 DOC-TRF-04 DOC-WRITE-18 while the person composes in ${mode} mode, set, transform and write are BUSY and change nothing; get still answers`, async ({ stack, ai }) => {
    const { file, tabId } = await openFocused(stack, ai, `ime-${mode}`, CJK);
    if (mode === 'source') await useSourceMode(stack.page);
    await caretAtEnd(stack.page, mode, `ime-${mode}`);
    const cdp = await stack.context.newCDPSession(stack.page);
    await startComposing(cdp);

    const got = await ai.call('selection', { action: 'get' });
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ tabId, mode });
    for (const [tool, args] of [
      ['selection', { action: 'set', content: 'AI' }],
      ['document', { action: 'transform', tabId, kind: 'cjk-spacing' }],
      ['document', { action: 'write', tabId, content: 'AI\n' }],
    ] as const) {
      const refused = await ai.call(tool, args);
      expect(refused.structuredContent, `${tool}.${args.action}`).toMatchObject({ error: 'BUSY' });
    }
    expect(await journalEntries(stack.page, file)).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe(CJK);

    // once the text is committed, the same transform goes through
    await cdp.send('Input.insertText', { text: 'に' });
    await expect
      .poll(async () => (await ai.call('document', { action: 'transform', tabId, kind: 'cjk-spacing' })).isError ?? false, { timeout: 5_000 })
      .toBe(false);
    const after = await ai.ok<{ content: string }>('document', { action: 'read', tabId });
    expect(after.content).toContain('中文 English 混排');
    expect(after.content).toContain('に');
  });
}

test('DOC-WRITE-19 a source editor still counts as composing right after composition ends; later the write goes through', async ({ stack, ai }) => {
  const { file, tabId } = await openFocused(stack, ai, 'grace', 'abc\n');
  await useSourceMode(stack.page);
  await caretAtEnd(stack.page, 'source', 'grace');
  const cdp = await stack.context.newCDPSession(stack.page);
  await startComposing(cdp);
  await cdp.send('Input.insertText', { text: 'に' });
  const refused = await ai.call('document', { action: 'write', tabId, content: 'AI\n', save: false });
  expect(refused.structuredContent).toMatchObject({ error: 'BUSY' });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('abcに\n');
  await expect.poll(async () => (await ai.call('document', { action: 'write', tabId, content: 'AI\n', save: false })).isError ?? false, { timeout: 5_000 }).toBe(false);
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('AI\n');
  expect(fs.readFileSync(file, 'utf8')).toBe('abc\n');
});

test('DOC-WRITE-27 the person starting to compose while the write is recorded aborts it with reason composing; nothing changes', async ({ stack, ai }) => {
  const { file, tabId } = await openFocused(stack, ai, 'abort', 'abc\n');
  await caretAtEnd(stack.page, 'wysiwyg', 'abort');
  await injectFaults(stack.page, { recordDelayMs: 3_000 });
  const pending = ai.call('document', { action: 'write', tabId, content: 'AI\n' });
  // polled often: the default intervals grow to 1 s, which under load saw the record only after the hold had ended
  await expect.poll(async () => (await journalEntries(stack.page, file)).length, { intervals: [50] }).toBe(1);
  const cdp = await stack.context.newCDPSession(stack.page);
  await startComposing(cdp);
  const result = await pending;
  expect(result.structuredContent).toMatchObject({ error: 'ABORTED', reason: 'composing' });
  expect(fs.readFileSync(file, 'utf8')).toBe('abc\n');
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).not.toContain('AI');
  expect((await journalEntries(stack.page, file)).map((e) => e.state)).toEqual(['not-applied']);
});

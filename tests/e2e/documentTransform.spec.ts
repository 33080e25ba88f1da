// document.transform goes through the same journal, concurrency and refusal rules as document.write.

import fs from 'node:fs';
import path from 'node:path';
import type { Ai } from './support/mcpClient';
import { textOf } from './support/mcpClient';
import { expect, test } from './support/fixtures';
import { injectFaults, journalEntries } from './support/journal';

const TEXT = '中文English混排,结束\n';
const SPACED = '中文 English 混排,结束\n';

async function openCjk(stack: { workspace: string }, ai: Ai, name: string) {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, TEXT);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  return { file, tabId };
}

const contentOf = async (ai: Ai, tabId: string) => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content;

test('DOC-TRF-05 document.transform is recorded in the journal before the document changes', async ({ stack, ai }) => {
  const { file, tabId } = await openCjk(stack, ai, 'recorded.md');
  await injectFaults(stack.page, { recordDelayMs: 1_500 });
  const pending = ai.call('document', { action: 'transform', tabId, kind: 'cjk-spacing' });
  await expect.poll(async () => (await journalEntries(stack.page, file)).map((e) => [e.tool, e.action, e.state, e.contentBefore])).toEqual([['document', 'transform', 'recorded', TEXT]]);
  // recorded, and the document has not changed yet
  expect(await contentOf(ai, tabId)).toBe(TEXT);
  expect((await pending).structuredContent).toMatchObject({ applied: true, durable: true });
  expect(await contentOf(ai, tabId)).toBe(SPACED);
  expect((await journalEntries(stack.page, file)).map((e) => [e.state, e.contentAfter])).toEqual([['applied', SPACED]]);
});

test('DOC-TRF-06 transform: durable and the journal refusals mean what they mean for write', async ({ stack, ai }) => {
  const { tabId } = await openCjk(stack, ai, 'refusals.md');
  await injectFaults(stack.page, { disabled: true });
  const unavailable = await ai.call('document', { action: 'transform', tabId, kind: 'cjk-spacing' });
  expect(unavailable.structuredContent).toMatchObject({ error: 'JOURNAL_UNAVAILABLE' });
  expect(await contentOf(ai, tabId)).toBe(TEXT);

  await injectFaults(stack.page, { disabled: false, failCompletions: 1 });
  const undurable = await ai.ok<Record<string, unknown>>('document', { action: 'transform', tabId, kind: 'cjk-spacing' });
  expect(undurable).toMatchObject({ applied: true, durable: false });
  expect(await contentOf(ai, tabId)).toBe(SPACED);
  const degraded = await ai.call('document', { action: 'transform', tabId, kind: 'cjk-punctuation' });
  expect(degraded.structuredContent).toMatchObject({ error: 'JOURNAL_DEGRADED' });
  expect(await contentOf(ai, tabId)).toBe(SPACED);
  // once the background retry lands, the next transform runs
  await expect
    .poll(async () => (await ai.call('document', { action: 'transform', tabId, kind: 'cjk-punctuation' })).isError ?? false, { timeout: 10_000 })
    .toBe(false);
  expect(await contentOf(ai, tabId)).toBe('中文 English 混排，结束\n');
});

test('DOC-TRF-08 transform with an old expected_revision is refused with the STALE envelope; nothing changes', async ({ stack, ai }) => {
  const { file, tabId } = await openCjk(stack, ai, 'stale.md');
  const { revision } = await ai.ok<{ revision: string }>('document', { action: 'read', tabId });
  const written = await ai.ok<{ revision: string }>('document', { action: 'write', tabId, content: TEXT.replace('结束', '完'), expected_revision: revision });
  const result = await ai.call('document', { action: 'transform', tabId, kind: 'cjk-spacing', expected_revision: revision });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: 'STALE', message: expect.any(String), current_revision: written.revision });
  expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  expect(await contentOf(ai, tabId)).toBe(TEXT.replace('结束', '完'));
  expect(fs.readFileSync(file, 'utf8')).toBe(TEXT.replace('结束', '完'));
  // with the current revision it goes through
  await ai.ok('document', { action: 'transform', tabId, kind: 'cjk-spacing', expected_revision: written.revision });
  expect(await contentOf(ai, tabId)).toBe(SPACED.replace('结束', '完'));
});

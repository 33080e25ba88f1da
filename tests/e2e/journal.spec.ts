// Most tests share one stack: each opens a file of its own, and its tabs, faults and review backlog
// limit are reset after it. The tests that open a second window or crash the editor keep a stack each.
import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { expect, test } from './support/fixtures';
import type { Ai } from './support/mcpClient';
import { injectFaults as injectJournalFaults, journalEntries, resetJournalFaults, storedJournalRecords } from './support/journal';
import { useSourceMode } from './support/person';
import type { Stack } from './support/stack';
import { useSharedStackAndAi } from './support/cleanUp';

type Faults = { disabled?: boolean; recordDelayMs?: number; failCompletions?: number };

async function injectFaults(page: Page, faults: Faults, backlogLimit?: number): Promise<void> {
  await page.evaluate(
    ({ faults, backlogLimit }) => {
      const debug = (window as unknown as { vmarkDebug: { faults: { journal: Faults }; journal: { backlogLimit: number } } }).vmarkDebug;
      Object.assign(debug.faults.journal, faults);
      if (backlogLimit !== undefined) debug.journal.backlogLimit = backlogLimit;
    },
    { faults, backlogLimit },
  );
}

/** The editor's own review backlog limit (REVIEW_BACKLOG_LIMIT of web/src/journal/agentJournal.ts). */
const REVIEW_BACKLOG_LIMIT = 500;

/** Writes `name` into the workspace, opens it through MCP and shows it in source mode. */
async function openFocused(stack: { workspace: string; page: Page }, ai: { ok: <T>(t: string, a: Record<string, unknown>) => Promise<T> }, name: string, content = 'abc\n') {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  return { file, tabId };
}

test.describe('on a shared stack', () => {
  let stack: Stack;
  let ai: Ai;
  useSharedStackAndAi((started) => ({ stack, ai } = started));
  test.afterEach(async () => {
    await resetJournalFaults(stack.page);
    await injectFaults(stack.page, {}, REVIEW_BACKLOG_LIMIT);
  });

  test('DOC-WRITE-25 with the journal not running, document.write is refused with JOURNAL_UNAVAILABLE and nothing changes', async () => {
    const { file, tabId } = await openFocused(stack, ai, 'unavailable.md');
    await injectFaults(stack.page, { disabled: true });
    const result = await ai.call('document', { action: 'write', tabId, content: 'new\n' });
    expect(result.structuredContent).toMatchObject({ error: 'JOURNAL_UNAVAILABLE' });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('abc\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('abc\n');
  });

  test('DOC-WRITE-21 durable:false when the entry cannot be persisted; the next write is JOURNAL_DEGRADED until the retry lands', async () => {
    const { tabId } = await openFocused(stack, ai, 'degraded.md');
    await injectFaults(stack.page, { failCompletions: 1 });
    const first = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'one\n', save: false });
    expect(first).toMatchObject({ applied: true, durable: false });
    const refused = await ai.call('document', { action: 'write', tabId, content: 'two\n', save: false });
    expect(refused.structuredContent).toMatchObject({ error: 'JOURNAL_DEGRADED' });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('one\n');
    await expect
      .poll(async () => (await ai.call('document', { action: 'write', tabId, content: 'two\n', save: false })).isError ?? false, { timeout: 10_000 })
      .toBe(false);
  });

  test('DOC-WRITE-27 the person typing while the write is recorded aborts it with reason edited; their text stays', async () => {
    const { tabId } = await openFocused(stack, ai, 'edited.md');
    await injectFaults(stack.page, { recordDelayMs: 1_500 });
    const pending = ai.call('document', { action: 'write', tabId, content: 'ai\n' });
    await stack.page.waitForTimeout(300);
    await stack.page.locator('.cm-content').click();
    await stack.page.keyboard.type('person');
    const result = await pending;
    expect(result.structuredContent).toMatchObject({ error: 'ABORTED', reason: 'edited' });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toContain('person');
  });

  test('DOC-WRITE-27 closing the tab while the write is recorded aborts it with reason closed', async () => {
    const { tabId } = await openFocused(stack, ai, 'closed.md');
    await injectFaults(stack.page, { recordDelayMs: 1_500 });
    const pending = ai.call('document', { action: 'write', tabId, content: 'ai\n' });
    await stack.page.waitForTimeout(300);
    await stack.page.getByRole('button', { name: 'Close closed' }).click();
    expect((await pending).structuredContent).toMatchObject({ error: 'ABORTED', reason: 'closed' });
  });

  test('SEL-SET-08 moving the selection while selection.set is recorded aborts it with reason selection', async () => {
    const { tabId } = await openFocused(stack, ai, 'selection.md', 'abcdef\n');
    await stack.page.locator('.cm-content').click();
    await stack.page.keyboard.press('Control+Home');
    await stack.page.keyboard.press('Shift+ArrowRight');
    await injectFaults(stack.page, { recordDelayMs: 1_500 });
    const pending = ai.call('selection', { action: 'set', content: 'X' });
    await stack.page.waitForTimeout(300);
    await stack.page.keyboard.press('ArrowRight');
    expect((await pending).structuredContent).toMatchObject({ error: 'ABORTED', reason: 'selection' });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('abcdef\n');
  });

  test('DOC-WRITE-18 SEL-SET-13 while the person composes with an IME, write and selection.set are BUSY and change nothing', async () => {
    const { tabId } = await openFocused(stack, ai, 'ime.md');
    await stack.page.locator('.cm-content').click();
    const cdp = await stack.context.newCDPSession(stack.page);
    await cdp.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 });
    const write = await ai.call('document', { action: 'write', tabId, content: 'ai\n' });
    expect(write.structuredContent).toMatchObject({ error: 'BUSY' });
    const set = await ai.call('selection', { action: 'set', content: 'x' });
    expect(set.structuredContent).toMatchObject({ error: 'BUSY' });
    // selection.get is never refused for composition
    expect((await ai.call('selection', { action: 'get' })).isError).toBeFalsy();
    await cdp.send('Input.insertText', { text: 'に' });
    await expect.poll(async () => (await ai.call('document', { action: 'write', tabId, content: 'ai\n', save: false })).isError ?? false, { timeout: 5_000 }).toBe(false);
    await cdp.detach();
  });

  test('DOC-WRITE-30 a document with too many unreviewed AI changes refuses writes with REVIEW_BACKLOG_FULL', async () => {
    const { tabId } = await openFocused(stack, ai, 'backlog.md');
    await injectFaults(stack.page, {}, 2);
    await ai.ok('document', { action: 'write', tabId, content: '1\n', save: false });
    await ai.ok('document', { action: 'write', tabId, content: '2\n', save: false });
    const refused = await ai.call('document', { action: 'write', tabId, content: '3\n', save: false });
    expect(refused.structuredContent).toMatchObject({ error: 'REVIEW_BACKLOG_FULL' });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('2\n');
  });

  test('ERR-05 a write that waits 3 s behind another write to the same document is refused with WRITE_BUSY (plain string) and not executed', async () => {
    const { tabId } = await openFocused(stack, ai, 'write-busy.md');
    await injectFaults(stack.page, { recordDelayMs: 4_500 });
    const slow = ai.call('document', { action: 'write', tabId, content: 'first\n', save: false });
    await stack.page.waitForTimeout(300);
    const started = Date.now();
    const queued = await ai.call('document', { action: 'write', tabId, content: 'second\n', save: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(queued.isError).toBe(true);
    expect(queued.structuredContent).toBeUndefined();
    expect((queued.content[0] as { text: string }).text).toMatch(/^WRITE_BUSY: /);
    expect((await slow).isError).toBeFalsy();
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('first\n');
  });

  test('DOC-WRITE-22 the journal rejecting the entry outright leaves the write applied, logged as not recorded; the next write runs normally', async () => {
    const { file, tabId } = await openFocused(stack, ai, 'rejected.md');
    const warnings: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'warning') warnings.push(message.text());
    };
    stack.page.on('console', onConsole);
    await injectJournalFaults(stack.page, { rejectCompletions: 1 });
    const first = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'one\n', save: false });
    expect(first).toMatchObject({ applied: true, durable: false });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('one\n');
    expect(warnings.some((w) => /not recorded/.test(w))).toBe(true);
    stack.page.off('console', onConsole);
    // not JOURNAL_DEGRADED: nothing is retried, the next write goes through at once
    const second = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'two\n', save: false });
    expect(second).toMatchObject({ applied: true, durable: true });
    const entries = (await journalEntries(stack.page, file)).map((e) => [e.state, e.contentAfter]);
    expect(entries).toEqual([
      ['recorded', null],
      ['applied', 'two\n'],
    ]);
  });
});

test('DOC-WRITE-23 two windows on one file share one document: a write recorded in one makes the other JOURNAL_BUSY', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'shared.md');
  fs.writeFileSync(file, 'shared\n');
  const second = await stack.openEditorWindow();
  const state = await ai.ok<{ windows: { label: string }[] }>('session', { action: 'get_state' });
  expect(state.windows).toHaveLength(2);
  const a = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file, windowLabel: 'main' });
  const b = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file, windowLabel: 'window-2' });
  await injectFaults(stack.page, { recordDelayMs: 2_000 });
  const slow = ai.call('document', { action: 'write', tabId: a.tabId, content: 'from main\n', save: false });
  await stack.page.waitForTimeout(400);
  const busy = await ai.call('document', { action: 'write', tabId: b.tabId, content: 'from window-2\n', save: false });
  expect(busy.structuredContent).toMatchObject({ error: 'JOURNAL_BUSY' });
  expect((await slow).isError).toBeFalsy();
  void second;
});

test('DOC-WRITE-24 after another window wrote the document, this tab gets STALE_PARENT until it has caught up', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'parent.md');
  fs.writeFileSync(file, 'start\n');
  await stack.openEditorWindow();
  const a = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file, windowLabel: 'main' });
  const b = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file, windowLabel: 'window-2' });
  await ai.ok('document', { action: 'write', tabId: a.tabId, content: 'main wrote\n', save: false });
  // the answer goes out before the write's completion lands (until then a write is JOURNAL_BUSY, DOC-WRITE-23)
  await expect.poll(async () => (await storedJournalRecords(stack.page, file)).map((entry) => entry.state)).toEqual(['applied']);
  const refused = await ai.call('document', { action: 'write', tabId: b.tabId, content: 'window-2 wrote\n', save: false });
  expect(refused.structuredContent).toMatchObject({ error: 'STALE_PARENT' });
});

test('DOC-WRITE-20 a window that crashes before a write\'s completion lands loses nothing: the next window offers the text back, lists the change as applied, and its undo restores the text before', async ({ stack, ai }) => {
  const { file, tabId } = await openFocused(stack, ai, 'j.md', 'before\n');
  await injectJournalFaults(stack.page, { dropCompletions: 1 });
  const written = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'before\nafter by AI\n', save: false });
  expect(written).toMatchObject({ applied: true, durable: true, saved: false });
  // the completion never reached IndexedDB: the record (made before the change, with the change) is all there is
  expect((await storedJournalRecords(stack.page, file)).map((e) => e.state)).toEqual(['recorded']);

  // the renderer crashes: no unload handler runs
  const cdp = await stack.context.newCDPSession(stack.page);
  const crashed = new Promise<void>((resolve) => stack.page.once('crash', () => resolve()));
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  const next = await stack.openEditorWindow();
  expect((await journalEntries(next, file)).map((e) => [e.state, e.contentBefore, e.contentAfter])).toEqual([['applied', 'before\n', 'before\nafter by AI\n']]);
  await next.getByRole('region', { name: 'Unsaved work' }).getByRole('button', { name: 'Restore j', exact: true }).click();
  const reopened = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId: reopened.tabId })).content).toBe('before\nafter by AI\n');

  await next.getByRole('button', { name: 'History' }).click();
  const panel = next.getByRole('complementary', { name: 'History' });
  await panel.getByRole('button', { name: /document\.write by e2e-ai/ }).click();
  await expect(panel.getByLabel('Changes')).toContainText('+ after by AI');
  await panel.getByRole('button', { name: 'Restore the text before this change' }).click();
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId: reopened.tabId })).content).toBe('before\n');
});

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useSharedStackAndAi } from './support/cleanUp';
import { bodyOf, commentOnSelection, commentsPanel, listAll, openNote, selectWithKeyboard, storedThread, useSourceEditor, writeCommentFile, type ListedPage } from './support/comments';
import { expect, test } from './support/fixtures';
import type { Ai } from './support/mcpClient';
import { textOf } from './support/mcpClient';
import type { Stack } from './support/stack';

const NOTE = '# Title\n\nThe quick brown fox jumps.\n\nSecond paragraph here.\n';

type Faults = { disabled?: boolean; saveDelayMs?: number; failSaves?: number };

async function injectCommentFaults(page: Page, faults: Faults): Promise<void> {
  await page.evaluate((f) => Object.assign((window as unknown as { vmarkDebug: { faults: { comments: Faults } } }).vmarkDebug.faults.comments, f), faults);
}

/** Whether some window holds a document's comment lock (`withDocLock`): a change of its comments is being stored. */
async function storingComments(page: Page): Promise<boolean> {
  return page.evaluate(async () => ((await navigator.locks.query()).held ?? []).some((lock) => lock.name?.startsWith('vmark-comments:')));
}

/** The person comments on "quick brown" (line 2, column 4). */
async function personComments(page: Page, body = 'Make this livelier.'): Promise<void> {
  await selectWithKeyboard(page, 2, 4, 'quick brown'.length);
  await commentOnSelection(page, body);
}

async function onlyThread(ai: Ai, tabId: string) {
  const page = await ai.ok<ListedPage>('comments', { action: 'list', tabId });
  expect(page.threads).toHaveLength(1);
  return { page, thread: page.threads[0] as ListedPage['threads'][number] };
}

// Where the tests cannot interfere, one stack for all of them: each comments on files of its own names, and
// its tabs and the comment faults it switched on are put back after it.
test.describe('on one stack', () => {
  let stack: Stack;
  let ai: Ai;
  useSharedStackAndAi((started) => ({ stack, ai } = started));
  test.afterEach(async () => {
    await injectCommentFaults(stack.page, { disabled: false, saveDelayMs: 0, failSaves: 0 });
  });

  test('CMT-LIST-01 CMT-LIST-02 CMT-REPLY-01 CMT-MARK-01 CMT-MARK-02 the person comments on selected text; the AI lists, replies and marks it addressed; resolving stays the person\'s', async () => {
    const { tabId } = await openNote(stack, ai, 'c.md', NOTE);
    await personComments(stack.page);
    await expect(stack.page.locator('.cm-comment')).toHaveText('quick brown');

    const { page: listed, thread } = await onlyThread(ai, tabId);
    expect(listed.doc).toBe(path.join(stack.workspace, 'c.md'));
    expect(thread).toMatchObject({ state: 'open', quote: 'quick brown', detached: false, replies: [{ author: 'person', body: 'Make this livelier.' }] });
    expect(thread.comment).toMatch(/^cmt-[0-9A-Za-z]{12}$/);

    const replied = await ai.ok<{ comment: string; reply: string; commentGen: string; generation: string }>('comments', {
      action: 'reply',
      tabId,
      commentId: thread.comment,
      body: 'Changed it to "nimble russet".',
      expectedCommentGen: thread.commentGen,
    });
    expect(replied.comment).toBe(thread.comment);
    expect(replied.commentGen).not.toBe(thread.commentGen);
    const panel = await commentsPanel(stack.page);
    await expect(panel.getByText('Changed it to "nimble russet".')).toBeVisible();
    await expect(panel.getByText('AI (e2e-ai)')).toBeVisible();

    const marked = await ai.ok<{ state: string; commentGen: string }>('comments', { action: 'mark_addressed', tabId, commentId: thread.comment, expectedCommentGen: replied.commentGen });
    expect(marked.state).toBe('addressed');
    await expect(panel.getByText('Addressed by AI')).toBeVisible();
    // CMT-MARK-02 resolving stays the person's: the thread is addressed, not resolved
    const after = (await onlyThread(ai, tabId)).thread;
    expect(after).toMatchObject({ state: 'addressed', commentGen: marked.commentGen });
    expect(after.replies.map((r) => r.author)).toEqual(['person', 'ai']);

    // stored beside the workspace, outside the markdown, in the versioned format
    const stored = JSON.parse(fs.readFileSync(path.join(stack.workspace, '.vmark', 'comments', 'c.md.json'), 'utf8'));
    expect(stored).toMatchObject({ version: 1, doc: 'c.md', threads: [{ id: thread.comment, state: 'addressed' }] });
    expect(fs.readFileSync(path.join(stack.workspace, 'c.md'), 'utf8')).toBe(NOTE);

    // CMT-MARK-02 the addressed thread still offers the person its Resolve, and their click decides
    await panel.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(async () => (await ai.ok<ListedPage>('comments', { action: 'list', tabId })).threads.map((t) => t.state)).toEqual(['resolved']);
  });

  test('CMT-REPLY-02 a repeated reply call returns the first result and adds no second reply', async () => {
    const { tabId } = await openNote(stack, ai, 'r.md', NOTE);
    await personComments(stack.page);
    const { thread } = await onlyThread(ai, tabId);
    const call = { action: 'reply', tabId, commentId: thread.comment, body: 'Done.', expectedCommentGen: thread.commentGen };
    const first = await ai.ok('comments', call);
    const second = await ai.ok('comments', call);
    expect(second).toEqual(first);
    expect((await onlyThread(ai, tabId)).thread.replies).toHaveLength(2);
  });

  test('CMT-GEN-02 CMT-GEN-03 CMT-GEN-04 stale, invalid and resolved threads are refused and nothing changes', async () => {
    const { tabId } = await openNote(stack, ai, 'g.md', NOTE);
    await personComments(stack.page);
    const { page: before, thread } = await onlyThread(ai, tabId);

    // the person replies: the AI's commentGen is stale
    const panel = await commentsPanel(stack.page);
    await panel.getByRole('textbox', { name: 'Reply' }).fill('Also check the title.');
    await panel.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(panel.getByText('Also check the title.')).toBeVisible();
    const stale = await ai.call('comments', { action: 'reply', tabId, commentId: thread.comment, body: 'x', expectedCommentGen: thread.commentGen });
    expect(stale.structuredContent).toMatchObject({ error: 'STALE_COMMENT' });
    const staleMark = await ai.call('comments', { action: 'mark_addressed', tabId, commentId: thread.comment, expectedCommentGen: thread.commentGen });
    expect(staleMark.structuredContent).toMatchObject({ error: 'STALE_COMMENT' });
    const current = (await onlyThread(ai, tabId)).thread;
    expect(current.replies.map((r) => r.author)).toEqual(['person', 'person']);

    // malformed ids and ids of another document's thread are INVALID_COMMENT
    const malformed = await ai.call('comments', { action: 'reply', tabId, commentId: 'c1', body: 'x', expectedCommentGen: current.commentGen });
    expect(malformed.structuredContent).toMatchObject({ error: 'INVALID_COMMENT' });
    const other = await openNote(stack, ai, 'other.md', NOTE);
    const foreign = await ai.call('comments', { action: 'reply', tabId: other.tabId, commentId: thread.comment, body: 'x', expectedCommentGen: current.commentGen });
    expect(foreign.structuredContent).toMatchObject({ error: 'INVALID_COMMENT' });
    await ai.ok('workspace', { action: 'switch_tab', tabId });

    // resolved by the person: COMMENT_NOT_ALLOWED for both calls
    const panelAgain = await commentsPanel(stack.page);
    await panelAgain.getByRole('button', { name: 'Resolve' }).click();
    await expect(panelAgain.getByRole('button', { name: 'Reopen' })).toBeVisible();
    const resolved = (await onlyThread(ai, tabId)).thread;
    expect(resolved.state).toBe('resolved');
    const notAllowed = await ai.call('comments', { action: 'reply', tabId, commentId: thread.comment, body: 'x', expectedCommentGen: resolved.commentGen });
    expect(notAllowed.structuredContent).toMatchObject({ error: 'COMMENT_NOT_ALLOWED' });
    const notAllowedMark = await ai.call('comments', { action: 'mark_addressed', tabId, commentId: thread.comment, expectedCommentGen: resolved.commentGen });
    expect(notAllowedMark.structuredContent).toMatchObject({ error: 'COMMENT_NOT_ALLOWED' });

    // the person reopens; then deletes: a call with the last commentGen is STALE_COMMENT
    await panelAgain.getByRole('button', { name: 'Reopen' }).click();
    const reopened = (await onlyThread(ai, tabId)).thread;
    expect(reopened.state).toBe('reopened');
    await panelAgain.getByRole('button', { name: 'Delete', exact: true }).click();
    await panelAgain.getByRole('button', { name: 'Delete comment' }).click();
    await expect(panelAgain.getByText('No comments.')).toBeVisible();
    const deleted = await ai.call('comments', { action: 'reply', tabId, commentId: thread.comment, body: 'x', expectedCommentGen: reopened.commentGen });
    expect(deleted.structuredContent).toMatchObject({ error: 'STALE_COMMENT' });
    const empty = await ai.ok<ListedPage>('comments', { action: 'list', tabId });
    expect(empty.threads).toEqual([]);
    expect(Number(empty.generation)).toBeGreaterThan(Number(before.generation));
  });

  test('CMT-GEN-05 CMT-GEN-06 COMMENT_LIMIT and INVALID_TEXT refuse a reply and nothing changes', async () => {
    const text = `${NOTE}Full thread here.\n`;
    const full = storedThread(text, 'Full thread here.', Array.from({ length: 200 }, (_, i) => `message ${i}`));
    writeCommentFile(stack.workspace, 'l.md', [full]);
    const { tabId } = await openNote(stack, ai, 'l.md', text);
    await personComments(stack.page);
    const pages = await listAll(ai, tabId);
    const threads = pages.flatMap((p) => p.threads).filter((t) => !t.continued);
    const [fullThread, fresh] = threads as [ListedPage['threads'][number], ListedPage['threads'][number]];
    const generation = pages[0]?.generation;

    const tooMany = await ai.call('comments', { action: 'reply', tabId, commentId: fullThread.comment, body: 'one more', expectedCommentGen: fullThread.commentGen });
    expect(tooMany.structuredContent).toMatchObject({ error: 'COMMENT_LIMIT' });
    const tooLong = await ai.call('comments', { action: 'reply', tabId, commentId: fresh.comment, body: 'x'.repeat(10_001), expectedCommentGen: fresh.commentGen });
    expect(tooLong.structuredContent).toMatchObject({ error: 'COMMENT_LIMIT' });
    const lone = await ai.call('comments', { action: 'reply', tabId, commentId: fresh.comment, body: 'broken \ud800 text', expectedCommentGen: fresh.commentGen });
    expect(lone.structuredContent).toMatchObject({ error: 'INVALID_TEXT' });
    expect((await ai.ok<ListedPage>('comments', { action: 'list', tabId })).generation).toBe(generation);
    // the longest allowed reply goes through
    await ai.ok('comments', { action: 'reply', tabId, commentId: fresh.comment, body: 'y'.repeat(10_000), expectedCommentGen: fresh.commentGen });
  });

  test('CMT-GEN-06 journal refusals: JOURNAL_UNAVAILABLE, JOURNAL_BUSY and JOURNAL_DEGRADED change nothing', async () => {
    const text = `${NOTE}Another sentence.\n`;
    writeCommentFile(stack.workspace, 'j.md', [storedThread(text, 'Another sentence.', ['Look here.'])]);
    const { tabId } = await openNote(stack, ai, 'j.md', text);
    await personComments(stack.page);
    // stored before the journal is switched off: a person's change still being stored makes AI changes JOURNAL_DEGRADED
    await expect.poll(() => fs.readFileSync(path.join(stack.workspace, '.vmark', 'comments', 'j.md.json'), 'utf8')).toContain('Make this livelier.');
    const listed = await ai.ok<ListedPage>('comments', { action: 'list', tabId });
    const [a, b] = listed.threads as [ListedPage['threads'][number], ListedPage['threads'][number]];

    await injectCommentFaults(stack.page, { disabled: true });
    const unavailable = await ai.call('comments', { action: 'reply', tabId, commentId: a.comment, body: 'x', expectedCommentGen: a.commentGen });
    expect(unavailable.structuredContent).toMatchObject({ error: 'JOURNAL_UNAVAILABLE' });
    await injectCommentFaults(stack.page, { disabled: false });
    expect((await ai.ok<ListedPage>('comments', { action: 'list', tabId })).generation).toBe(listed.generation);

    // a second AI change of the same document while the first is being stored
    await injectCommentFaults(stack.page, { saveDelayMs: 1_500 });
    const slow = ai.call('comments', { action: 'reply', tabId, commentId: a.comment, body: 'first', expectedCommentGen: a.commentGen });
    await expect.poll(() => storingComments(stack.page)).toBe(true);
    const busy = await ai.call('comments', { action: 'mark_addressed', tabId, commentId: b.comment, expectedCommentGen: b.commentGen });
    expect(busy.structuredContent).toMatchObject({ error: 'JOURNAL_BUSY' });
    expect((await slow).isError).toBeFalsy();
    await injectCommentFaults(stack.page, { saveDelayMs: 0 });
    expect((await ai.ok<ListedPage>('comments', { action: 'list', tabId })).threads.find((t) => t.comment === b.comment)?.state).toBe('open');

    // the person's change cannot be stored yet: AI changes wait with JOURNAL_DEGRADED until it is
    await injectCommentFaults(stack.page, { failSaves: 1 });
    const panel = await commentsPanel(stack.page);
    await panel.locator(`[data-comment-id="${b.comment}"]`).getByRole('textbox', { name: 'Reply' }).fill('Person says hi.');
    await panel.locator(`[data-comment-id="${b.comment}"]`).getByRole('button', { name: 'Reply', exact: true }).click();
    const fresh = (await ai.ok<ListedPage>('comments', { action: 'list', tabId })).threads.find((t) => t.comment === b.comment);
    const degraded = await ai.call('comments', { action: 'mark_addressed', tabId, commentId: b.comment, expectedCommentGen: fresh?.commentGen });
    expect(degraded.structuredContent).toMatchObject({ error: 'JOURNAL_DEGRADED' });
    await expect
      .poll(async () => {
        const now = (await ai.ok<ListedPage>('comments', { action: 'list', tabId })).threads.find((t) => t.comment === b.comment);
        return (await ai.call('comments', { action: 'mark_addressed', tabId, commentId: b.comment, expectedCommentGen: now?.commentGen })).isError ?? false;
      }, { timeout: 10_000 })
      .toBe(false);
    const stored = fs.readFileSync(path.join(stack.workspace, '.vmark', 'comments', 'j.md.json'), 'utf8');
    expect(stored).toContain('Person says hi.');
  });

  test('CMT-01 resolve, reopen and delete are refused as plain-string argument errors', async () => {
    const { tabId } = await openNote(stack, ai, 'p.md', NOTE);
    await personComments(stack.page);
    const { thread } = await onlyThread(ai, tabId);
    for (const action of ['resolve', 'reopen', 'delete']) {
      const result = await ai.call('comments', { action, tabId, commentId: thread.comment, expectedCommentGen: thread.commentGen });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toContain('the person\'s decision');
    }
    expect((await onlyThread(ai, tabId)).thread).toEqual(thread);
  });

  test('CMT-ADDR-01 CMT-ADDR-02 CMT-ADDR-03 CMT-ADDR-04 addresses link an edit to open threads; bad ones are INVALID_ADDRESSES', async () => {
    const { tabId, file } = await openNote(stack, ai, 'a.md', NOTE);
    await personComments(stack.page);
    const { thread } = await onlyThread(ai, tabId);

    const refusals: unknown[][] = [[thread.comment, thread.comment], ['cmt-AAAAAAAAAAAA'], Array.from({ length: 65 }, (_, i) => `cmt-${String(i).padStart(12, '0')}`)];
    for (const addresses of refusals) {
      const refused = await ai.call('document', { action: 'write', tabId, content: 'nope\n', addresses });
      expect(refused.structuredContent).toMatchObject({ error: 'INVALID_ADDRESSES' });
    }
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe(NOTE);

    const edited = NOTE.replace('Second paragraph', 'Second, livelier paragraph');
    await ai.ok('document', { action: 'write', tabId, content: edited, addresses: [thread.comment] });
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
    // the link changes no thread
    expect((await onlyThread(ai, tabId)).thread.commentGen).toBe(thread.commentGen);

    await stack.page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'History' }).click();
    const history = stack.page.getByRole('complementary', { name: 'History' });
    await expect(history.getByText(`answers ${thread.comment}`)).toBeVisible();

    // resolved threads cannot be answered by an edit
    const panel = await commentsPanel(stack.page);
    await panel.getByRole('button', { name: 'Resolve' }).click();
    await expect(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
    const resolved = await ai.call('document', { action: 'write', tabId, content: 'again\n', addresses: [thread.comment] });
    expect(resolved.structuredContent).toMatchObject({ error: 'INVALID_ADDRESSES' });

    // a later-deleted comment shows as deleted in the history, and cannot be named any more
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await panel.getByRole('button', { name: 'Delete comment' }).click();
    await stack.page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'History' }).click();
    await expect(stack.page.getByRole('complementary', { name: 'History' }).getByText(`answers ${thread.comment} (deleted comment)`)).toBeVisible();
    const deleted = await ai.call('selection', { action: 'set', tabId, content: 'x', addresses: [thread.comment] });
    expect(deleted.structuredContent).toMatchObject({ error: 'INVALID_ADDRESSES' });
  });

  test('anchors survive an edit above the comment; a thread whose text is deleted stays, detached', async () => {
    const { tabId } = await openNote(stack, ai, 'anchor.md', NOTE);
    await personComments(stack.page);
    const { thread } = await onlyThread(ai, tabId);

    // the person types a new line at the top
    await stack.page.locator('.cm-content').click();
    await stack.page.keyboard.press('Control+Home');
    await stack.page.keyboard.type('Preface line.\n\n');
    await expect(stack.page.locator('.cm-comment')).toHaveText('quick brown');
    await expect.poll(async () => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content.startsWith('Preface line.')).toBe(true);
    const moved = (await onlyThread(ai, tabId)).thread;
    expect(moved).toMatchObject({ quote: 'quick brown', detached: false, commentGen: thread.commentGen });

    // an external change (the AI rewrites the document) that keeps the text keeps the anchor
    const current = (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content;
    await ai.ok('document', { action: 'write', tabId, content: current.replace('# Title', '# A much longer title than before'), save: false });
    await expect(stack.page.locator('.cm-comment')).toHaveText('quick brown');

    // the quoted text is deleted: the thread is detached, never dropped
    const without = (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content.replace('The quick brown fox jumps.\n\n', '');
    await ai.ok('document', { action: 'write', tabId, content: without, save: false });
    const detached = (await onlyThread(ai, tabId)).thread;
    expect(detached).toMatchObject({ comment: thread.comment, quote: 'quick brown', detached: true });
    expect(detached.commentGen).not.toBe(thread.commentGen);
    await expect(stack.page.locator('.cm-comment')).toHaveCount(0);
    const panel = await commentsPanel(stack.page);
    await expect(panel.getByText('Detached: the quoted text is no longer in the document')).toBeVisible();
  });

  test('CMT-LIST-03 CMT-LIST-04 CMT-LIST-05 CMT-LIST-06 CMT-LIST-07 500 threads with long bodies page whole; split threads; bodyBase64; stale cursors', async () => {
    const lines = Array.from({ length: 500 }, (_, n) => `Paragraph ${String(n).padStart(3, '0')}: some text to comment on.`);
    const text = `${lines.join('\n\n')}\n`;
    const escaped = '\u0001'.repeat(10_000);
    const threads = lines.map((line, n) => {
      const quote = line.slice(0, 'Paragraph 000'.length);
      const count = n % 50 === 7 ? 30 : 1 + (n % 3);
      const bodies = Array.from({ length: count }, (_, i) => (n === 44 && i === 1 ? escaped : `${n}/${i} ${'lorem ipsum 中文 '.repeat(40 + ((n * 7 + i * 13) % 160))}`));
      return storedThread(text, quote, bodies);
    });
    writeCommentFile(stack.workspace, 'big.md', threads);
    const { tabId } = await openNote(stack, ai, 'big.md', text);

    const pages = await listAll(ai, tabId);
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(60_000);
    const seen = new Map<string, string[]>();
    for (const part of pages.flatMap((p) => p.threads)) {
      const bodies = seen.get(part.comment) ?? [];
      if (part.continued) {
        expect(Object.keys(part).sort()).toEqual(['comment', 'commentGen', 'continued', 'replies', 'repliesFrom', 'repliesTotal', 'state']);
        expect(part.repliesFrom).toBe(bodies.length);
      }
      bodies.push(...part.replies.map(bodyOf));
      seen.set(part.comment, bodies);
    }
    expect([...seen.keys()]).toEqual(threads.map((t) => t.id));
    for (const thread of threads) expect(seen.get(thread.id)).toEqual(thread.replies.map((r) => r.body));
    expect(pages.flatMap((p) => p.threads).some((t) => t.repliesTotal === 30)).toBe(true);
    const base64 = pages.flatMap((p) => p.threads.flatMap((t) => t.replies)).find((r) => r.bodyBase64 !== undefined);
    expect(base64 && bodyOf(base64)).toBe(escaped);

    // a cursor of another document is stale
    const cursor = pages[0]?.nextCursor as string;
    const other = await openNote(stack, ai, 'small.md', NOTE);
    const foreign = await ai.call('comments', { action: 'list', tabId: other.tabId, cursor });
    expect(foreign.structuredContent).toMatchObject({ error: 'STALE_COMMENT' });

    // a cursor whose thread the person deleted is stale
    await ai.ok('workspace', { action: 'switch_tab', tabId });
    const continuing = cursor.split('.')[2] as string;
    const panel = await commentsPanel(stack.page);
    const item = panel.locator(`[data-comment-id="${continuing}"]`);
    await item.getByRole('button', { name: 'Delete', exact: true }).click();
    await item.getByRole('button', { name: 'Delete comment' }).click();
    await expect(item).toHaveCount(0);
    const stale = await ai.call('comments', { action: 'list', tabId, cursor });
    expect(stale.structuredContent).toMatchObject({ error: 'STALE_COMMENT' });
  });

  test('an untitled document keeps its threads in IndexedDB, in the same file format', async () => {
    const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
    await ai.ok('workspace', { action: 'switch_tab', tabId });
    await ai.ok('document', { action: 'write', tabId, content: NOTE, save: false });
    await useSourceEditor(stack.page);
    await personComments(stack.page, 'Untitled, but commented.');
    const { page: listed, thread } = await onlyThread(ai, tabId);
    expect(listed.doc).toBe(`untitled:${tabId}`);
    expect(thread).toMatchObject({ quote: 'quick brown', replies: [{ body: 'Untitled, but commented.' }] });
    const stored = await stack.page.evaluate(
      (key) =>
        new Promise<string | null>((resolve, reject) => {
          const open = indexedDB.open('vmark');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('comments').objectStore('comments').get(key);
            get.onsuccess = () => resolve((get.result as { text: string } | undefined)?.text ?? null);
          };
        }),
      `untitled:${tabId}`,
    );
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ version: 1, doc: `untitled:${tabId}`, threads: [{ id: thread.comment }] });
  });
});

// Its own stack: it opens a second window and names it by the label the first one opened gets ("window-2").
test('two windows on one file share its threads: an AI reply stored in one window shows in the other; a busy store there is JOURNAL_BUSY', async ({ stack, ai }) => {
  const text = `${NOTE}Another sentence.\n`;
  const seeded = storedThread(text, 'Another sentence.', ['Shared thread.']);
  writeCommentFile(stack.workspace, 'two.md', [seeded, storedThread(text, 'Second paragraph', ['Second thread.'])]);
  const file = path.join(stack.workspace, 'two.md');
  fs.writeFileSync(file, text);
  const second = await stack.openEditorWindow();
  const a = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file, windowLabel: 'main' });
  const b = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file, windowLabel: 'window-2' });
  await ai.ok('workspace', { action: 'switch_tab', tabId: b.tabId });
  const [first, other] = (await ai.ok<ListedPage>('comments', { action: 'list', tabId: a.tabId })).threads as [ListedPage['threads'][number], ListedPage['threads'][number]];

  await ai.ok('comments', { action: 'reply', tabId: a.tabId, commentId: first.comment, body: 'Answered from main.', expectedCommentGen: first.commentGen });
  const panel = await commentsPanel(second);
  await expect(panel.getByText('Answered from main.')).toBeVisible();
  await expect.poll(async () => (await ai.ok<ListedPage>('comments', { action: 'list', tabId: b.tabId })).threads[0]?.replies.length).toBe(2);

  await injectCommentFaults(stack.page, { saveDelayMs: 1_500 });
  const slow = ai.call('comments', { action: 'mark_addressed', tabId: a.tabId, commentId: other.comment, expectedCommentGen: other.commentGen });
  await expect.poll(() => storingComments(stack.page)).toBe(true);
  const fresh = (await ai.ok<ListedPage>('comments', { action: 'list', tabId: b.tabId })).threads[0];
  const busy = await ai.call('comments', { action: 'reply', tabId: b.tabId, commentId: first.comment, body: 'From window-2.', expectedCommentGen: fresh?.commentGen });
  expect(busy.structuredContent).toMatchObject({ error: 'JOURNAL_BUSY' });
  expect((await slow).isError).toBeFalsy();
});

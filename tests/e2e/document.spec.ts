// One stack for the spec: every test opens files of its own and its tabs are closed after it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { connectAi, textOf, type Ai } from './support/mcpClient';
import { injectFaults, journalEntries, resetJournalFaults } from './support/journal';
import { useSourceMode } from './support/person';
import type { Stack } from './support/stack';
import { useSharedStackAndAi } from './support/cleanUp';

let stack: Stack;
let ai: Ai;
useSharedStackAndAi((started) => ({ stack, ai } = started));
test.afterEach(() => resetJournalFaults(stack.page));

interface Read {
  content: string;
  revision: string;
  filePath: string | null;
  kind: string;
  dirty: boolean;
}

/** Writes `name` (unique per test) into the workspace and opens it through MCP in a background tab. */
async function openNote(name: string, content = '# Note\n\nfirst\n') {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  return { file, tabId };
}

test('DOC-READ-01 document.read returns content, revision, filePath, kind and dirty', async () => {
  const { file, tabId } = await openNote('read.md');
  const read = await ai.ok<Read>('document', { action: 'read', tabId });
  expect(read).toEqual({ content: '# Note\n\nfirst\n', revision: expect.stringMatching(/^rev-[0-9A-Za-z]{8}$/), filePath: file, kind: 'markdown', dirty: false });
});

test('DOC-WRITE-01 DOC-WRITE-14 DOC-WRITE-20 document.write saves by default and is journaled', async () => {
  const { file, tabId } = await openNote('write-saves.md');
  const { revision } = await ai.ok<Read>('document', { action: 'read', tabId });
  const written = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: '# Note\n\nsecond\n', expected_revision: revision });
  expect(written).toMatchObject({ applied: true, durable: true, saved: true, journaled: 'yes' });
  expect(written.revision).not.toBe(revision);
  expect(fs.readFileSync(file, 'utf8')).toBe('# Note\n\nsecond\n');
  const after = await ai.ok<Read>('document', { action: 'read', tabId });
  expect(after).toMatchObject({ content: '# Note\n\nsecond\n', dirty: false, revision: written.revision });
});

test('DOC-WRITE-03 DOC-WRITE-13 document.write with save:false changes only the tab (save_skipped opt_out, no journaled)', async () => {
  const { file, tabId } = await openNote('write-no-save.md');
  const written = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'changed\n', save: false });
  expect(written).toMatchObject({ applied: true, saved: false, save_skipped: 'opt_out' });
  expect(written.journaled).toBeUndefined();
  expect(fs.readFileSync(file, 'utf8')).toBe('# Note\n\nfirst\n');
  expect((await ai.ok<Read>('document', { action: 'read', tabId })).dirty).toBe(true);
});

test('DOC-WRITE-02 document.write on an untitled tab reports save_skipped untitled', async () => {
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  const written = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'draft\n' });
  expect(written).toMatchObject({ applied: true, saved: false, save_skipped: 'untitled' });
});

test('DOC-WRITE-17 document.write with an old expected_revision is refused with STALE and current_revision', async () => {
  const { file, tabId } = await openNote('stale.md');
  const { revision } = await ai.ok<Read>('document', { action: 'read', tabId });
  const first = await ai.ok<{ revision: string }>('document', { action: 'write', tabId, content: 'one\n', expected_revision: revision });
  const result = await ai.call('document', { action: 'write', tabId, content: 'two\n', expected_revision: revision });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: 'STALE', message: expect.any(String), current_revision: first.revision });
  expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  expect(fs.readFileSync(file, 'utf8')).toBe('one\n');
});

test('DOC-WRITE-17 the person typing between read and write makes the write STALE; nothing of theirs is lost', async () => {
  const { tabId } = await openNote('person-typing.md');
  const { revision } = await ai.ok<Read>('document', { action: 'read', tabId });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.type('typed by the person');
  const result = await ai.call('document', { action: 'write', tabId, content: 'ai text\n', expected_revision: revision });
  expect(result.structuredContent).toMatchObject({ error: 'STALE' });
  const read = await ai.ok<Read>('document', { action: 'read', tabId });
  expect(read.content).toContain('typed by the person');
  expect(read.dirty).toBe(true);
});

test('DOC-WRITE-26 document.write with a lone surrogate is refused with INVALID_TEXT and changes nothing', async () => {
  const { tabId } = await openNote('lone-surrogate.md');
  const before = await ai.ok<Read>('document', { action: 'read', tabId });
  const result = await ai.call('document', { action: 'write', tabId, content: 'bad \uD800 text' });
  expect(result.structuredContent).toMatchObject({ error: 'INVALID_TEXT' });
  expect(await ai.ok<Read>('document', { action: 'read', tabId })).toEqual(before);
});

test('DOC-WRITE-26 a write whose change sits right after or before an emoji is applied: only a lone surrogate in the content is INVALID_TEXT', async () => {
  const { tabId } = await openNote('emoji.md');
  for (const content of ['Smile 😀a\n', 'Smile 😀b\n', 'Smile 😀\n', 'Smile b😀\n', 'Smile 😁\n']) {
    await ai.ok('document', { action: 'write', tabId, content, save: false });
    expect((await ai.ok<Read>('document', { action: 'read', tabId })).content).toBe(content);
  }
});

test('CMT-ADDR-01 document.write with unknown or too many addresses is refused with INVALID_ADDRESSES', async () => {
  const { tabId } = await openNote('addresses.md');
  const before = await ai.ok<Read>('document', { action: 'read', tabId });
  for (const addresses of [['c-unknown'], Array.from({ length: 65 }, (_, i) => `c-${i}`)]) {
    const result = await ai.call('document', { action: 'write', tabId, content: 'x\n', addresses });
    expect(result.structuredContent).toMatchObject({ error: 'INVALID_ADDRESSES' });
  }
  expect(await ai.ok<Read>('document', { action: 'read', tabId })).toEqual(before);
});

test('DOC-WRITE-31 document.write without content is a plain-string argument error', async () => {
  const result = await ai.call('document', { action: 'write' });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(textOf(result)).toContain('content');
});

test('INVALID_TAB document.read with an unknown tabId names the problem; a blank tabId is an argument error', async () => {
  const unknown = await ai.call('document', { action: 'read', tabId: 'tab-nope0000' });
  expect(unknown.structuredContent).toMatchObject({ error: 'INVALID_TAB' });
  const blank = await ai.call('document', { action: 'read', tabId: '' });
  expect(blank.isError).toBe(true);
  expect(blank.structuredContent).toBeUndefined();
});

test('two MCP clients racing with expected_revision: exactly one write lands, no lost update', async () => {
  const { file, tabId } = await openNote('race.md');
  const other = await connectAi(stack.env, [], 'second-ai');
  try {
    const { revision } = await ai.ok<Read>('document', { action: 'read', tabId });
    const [a, b] = await Promise.all([
      ai.call('document', { action: 'write', tabId, content: 'from A\n', expected_revision: revision }),
      other.call('document', { action: 'write', tabId, content: 'from B\n', expected_revision: revision }),
    ]);
    const winners = [a, b].filter((r) => !r.isError);
    expect(winners).toHaveLength(1);
    const loser = [a, b].find((r) => r.isError);
    expect(['STALE', 'JOURNAL_BUSY']).toContain((loser?.structuredContent as { error: string }).error);
    const expected = winners[0] === a ? 'from A\n' : 'from B\n';
    expect((await ai.ok<Read>('document', { action: 'read', tabId })).content).toBe(expected);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
  } finally {
    await other.close();
  }
});

test('DOC-WRITE-07 document.write keeps the document line endings (CRLF file stays CRLF)', async () => {
  const { file, tabId } = await openNote('crlf.md', 'a\r\nb\r\n');
  await ai.ok('document', { action: 'write', tabId, content: 'one\ntwo\n' });
  expect(fs.readFileSync(file, 'utf8')).toBe('one\r\ntwo\r\n');
});

test('ERR-06 SEL-02 SEL-03 VMark data under .vmark/ opens read-only: writes are READ_ONLY, selection has NO_EDITOR', async () => {
  const file = path.join(stack.workspace, '.vmark', 'notes.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'internal\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const write = await ai.call('document', { action: 'write', tabId, content: 'changed\n' });
  expect(write.structuredContent).toMatchObject({ error: 'READ_ONLY' });
  const transform = await ai.call('document', { action: 'transform', tabId, kind: 'cjk-spacing' });
  expect(transform.structuredContent).toMatchObject({ error: 'READ_ONLY' });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const selection = await ai.call('selection', { action: 'get' });
  expect(selection.structuredContent).toMatchObject({ error: 'NO_EDITOR' });
  expect(fs.readFileSync(file, 'utf8')).toBe('internal\n');
});

test('DOC-WRITE-28 an editor failure after the change answers INTERNAL with applied:true, durable and current_revision', async () => {
  const { tabId } = await openNote('fail.md', 'before\n');
  await stack.page.evaluate(() => {
    (window as unknown as { vmarkDebug: { faults: { journal: { failAfterApply: boolean } } } }).vmarkDebug.faults.journal.failAfterApply = true;
  });
  const result = await ai.call('document', { action: 'write', tabId, content: 'after\n', save: false });
  const read = await ai.ok<Read>('document', { action: 'read', tabId });
  expect(result.structuredContent).toMatchObject({ error: 'INTERNAL', applied: true, durable: true, current_revision: read.revision });
  expect(read.content).toBe('after\n');
});

test('DOC-WRITE-29 ERR-07 an editor failure before the change answers INTERNAL without applied; the document is as before and the next write runs', async () => {
  const { file, tabId } = await openNote('early.md', 'before\n');
  const before = await ai.ok<Read>('document', { action: 'read', tabId });
  await injectFaults(stack.page, { failBeforeApply: true });
  const result = await ai.call('document', { action: 'write', tabId, content: 'after\n' });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: 'INTERNAL', message: expect.any(String) });
  expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  expect(await ai.ok<Read>('document', { action: 'read', tabId })).toEqual(before);
  expect(fs.readFileSync(file, 'utf8')).toBe('before\n');
  expect((await journalEntries(stack.page, file)).map((e) => e.state)).toEqual(['not-applied']);
  expect(await ai.ok('document', { action: 'write', tabId, content: 'after\n' })).toMatchObject({ applied: true, saved: true });
  expect(fs.readFileSync(file, 'utf8')).toBe('after\n');
});

// Saves by the AI (document.write's save, workspace.save, workspace.save_as) when the disk, the tab
// or the queue of saves for the file gets in the way.
// Most tests share one stack: each uses files of its own, and its tabs, faults and settings are reset
// after it. The tests that list the whole workspace (a refused save may leave its temporary file
// behind), switch on autosave or open a second window keep a stack each.

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { textOf, type Ai } from './support/mcpClient';
import { expect, test } from './support/fixtures';
import { historySnapshots, injectFaults, journalEntries, resetJournalFaults } from './support/journal';
import type { Stack } from './support/stack';
import { useSharedStackAndAi } from './support/cleanUp';

interface Read {
  content: string;
  revision: string;
  dirty: boolean;
}

async function openNote(stack: { workspace: string }, ai: Ai, name: string, content: string) {
  const file = path.join(stack.workspace, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  return { file, tabId };
}

/**
 * Another save of the file is in progress: the page holds the file's save lock (the Web Lock every
 * save of that file takes) until the returned function is called.
 */
async function holdSaveTurn(page: Page, file: string): Promise<() => Promise<void>> {
  const key = `vmark-file:native:${fs.realpathSync(path.dirname(file))}/${path.basename(file)}`;
  await page.evaluate(
    (key) =>
      new Promise<void>((granted) => {
        void navigator.locks.request(key, () => {
          granted();
          return new Promise<void>((release) => ((window as unknown as { releaseSaveTurn: () => void }).releaseSaveTurn = release));
        });
      }),
    key,
  );
  return () => page.evaluate(() => (window as unknown as { releaseSaveTurn: () => void }).releaseSaveTurn());
}

const allowNewLocations = (page: Page) => page.evaluate(() => localStorage.setItem('vmark.settings', JSON.stringify({ autoApproveNewLocation: true })));

test.describe('on a shared stack', () => {
  let stack: Stack;
  let ai: Ai;
  useSharedStackAndAi((started) => ({ stack, ai } = started));
  test.afterEach(async () => {
    await resetJournalFaults(stack.page);
    await stack.page.evaluate(() => localStorage.removeItem('vmark.settings'));
  });

  test('DOC-WRITE-04 the disk refuses the save (a folder now stands at the path): saved:false with save_error, the write stays applied', async () => {
    const { file, tabId } = await openNote(stack, ai, 'blocked.md', 'before\n');
    fs.rmSync(file);
    fs.mkdirSync(file);
    fs.writeFileSync(path.join(file, 'keep.txt'), 'keep\n');
    const written = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'after\n' });
    expect(written).toMatchObject({ applied: true, saved: false, save_error: expect.any(String) });
    expect(written.journaled).toBeUndefined();
    expect(fs.statSync(file).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(file, 'keep.txt'), 'utf8')).toBe('keep\n');
    expect(await ai.ok<Read>('document', { action: 'read', tabId })).toMatchObject({ content: 'after\n', dirty: true, revision: written.revision });
  });

  test('DOC-WRITE-15 journaled:"pending" while the write\'s journal entry is still being persisted; the history gets the text', async () => {
    const { file, tabId } = await openNote(stack, ai, 'pending.md', 'before\n');
    await injectFaults(stack.page, { failCompletions: 1 });
    const written = await ai.ok<Record<string, unknown>>('document', { action: 'write', tabId, content: 'after\n' });
    expect(written).toMatchObject({ applied: true, durable: false, saved: true, journaled: 'pending' });
    expect(fs.readFileSync(file, 'utf8')).toBe('after\n');
    expect((await historySnapshots(stack.page, file)).map((s) => [s.kind, s.content])).toEqual([['mcp', 'after\n']]);
    // the background retry records the write; then saves are journaled "yes" again
    await expect.poll(async () => (await journalEntries(stack.page, file)).map((e) => [e.state, e.contentAfter]), { timeout: 10_000 }).toEqual([['applied', 'after\n']]);
    await expect.poll(async () => (await ai.ok<{ journaled: string }>('workspace', { action: 'save', tabId })).journaled, { timeout: 10_000 }).toBe('yes');
  });

  test('DOC-WRITE-16 journaled:"no" when the journal cannot record the save; the file is saved all the same', async () => {
    const { file, tabId } = await openNote(stack, ai, 'nojournal.md', 'before\n');
    await ai.ok('document', { action: 'write', tabId, content: 'after\n', save: false });
    await injectFaults(stack.page, { disabled: true });
    const saved = await ai.ok<Record<string, unknown>>('workspace', { action: 'save', tabId });
    expect(saved).toMatchObject({ filePath: file, journaled: 'no' });
    expect(fs.readFileSync(file, 'utf8')).toBe('after\n');
    expect((await ai.ok<Read>('document', { action: 'read', tabId })).dirty).toBe(false);
  });

  test('WSP-SAVE-02 the path scope applies to workspace.save: a folder swapped for a link out of the workspace is INVALID_PATH, nothing written', async () => {
    const { file, tabId } = await openNote(stack, ai, path.join('sub', 'inside.md'), 'inside\n');
    await ai.ok('document', { action: 'write', tabId, content: 'changed\n', save: false });
    const outside = path.join(stack.root, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'inside.md'), 'outside\n');
    fs.rmSync(path.dirname(file), { recursive: true });
    fs.symlinkSync(outside, path.dirname(file));
    const refused = await ai.call('workspace', { action: 'save', tabId });
    expect(refused.structuredContent).toMatchObject({ error: 'INVALID_PATH' });
    expect(fs.readFileSync(path.join(outside, 'inside.md'), 'utf8')).toBe('outside\n');
    expect(fs.readdirSync(outside)).toEqual(['inside.md']);
  });

  test('WSP-SAVEAS-01 workspace.save_as saves the tab under a new path; the tab then belongs to that file', async () => {
    await allowNewLocations(stack.page);
    const { file, tabId } = await openNote(stack, ai, 'first.md', 'text\n');
    await ai.ok('document', { action: 'write', tabId, content: 'edited\n', save: false });
    const target = path.join(stack.workspace, 'notes', 'second.md');
    fs.mkdirSync(path.dirname(target));
    const saved = await ai.ok<{ revision: string; journaled: string }>('workspace', { action: 'save_as', tabId, filePath: target });
    expect(saved).toMatchObject({ revision: expect.stringMatching(/^rev-/), journaled: 'yes' });
    expect(fs.readFileSync(target, 'utf8')).toBe('edited\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('text\n');
    const tabs = (await ai.ok<{ windows: { tabs: { id: string; filePath: string; dirty: boolean }[] }[] }>('session', { action: 'get_state' })).windows[0]?.tabs;
    expect(tabs?.find((t) => t.id === tabId)).toMatchObject({ filePath: target, dirty: false });
  });

  test('WSP-SAVEAS-05 WSP-SAVEAS-06 the path is checked again when the save gets its turn: a target that left the scope meanwhile is INVALID_PATH, nothing written', async () => {
    await allowNewLocations(stack.page);
    const { tabId } = await openNote(stack, ai, 'src.md', 'text\n');
    const folder = path.join(stack.workspace, 'out');
    fs.mkdirSync(folder);
    const target = path.join(folder, 'copy.md');
    const release = await holdSaveTurn(stack.page, target);
    const pending = ai.call('workspace', { action: 'save_as', tabId, filePath: target });
    await stack.page.waitForTimeout(500);
    // while the save waits, the folder becomes a link to a place outside the workspace
    const outside = path.join(stack.root, 'elsewhere');
    fs.mkdirSync(outside);
    fs.rmSync(folder, { recursive: true });
    fs.symlinkSync(outside, folder);
    await release();
    expect((await pending).structuredContent).toMatchObject({ error: 'INVALID_PATH' });
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});

test('DOC-WRITE-08 DOC-WRITE-09 the tab is closed after the write changed it and before its save: saved:false, save_error, nothing written', async ({ stack, ai }) => {
  const { file, tabId } = await openNote(stack, ai, 'closing.md', 'before\n');
  const release = await holdSaveTurn(stack.page, file);
  const pending = ai.call('document', { action: 'write', tabId, content: 'after\n' });
  await expect.poll(async () => (await ai.ok<Read>('document', { action: 'read', tabId })).content).toBe('after\n');
  expect(await ai.ok('workspace', { action: 'close', tabId, force: true })).toEqual({ closed: true });
  await release();
  const result = await pending;
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ applied: true, saved: false, save_error: expect.stringMatching(/closed/) });
  expect(fs.readFileSync(file, 'utf8')).toBe('before\n');
  expect(fs.readdirSync(stack.workspace).sort()).toEqual(['closing.md']);
});

test('DOC-WRITE-12 an AI save is its own (mcp) snapshot: never merged with the auto-saves beside it, never skipped for size', async ({ stack, ai }) => {
  await stack.page.evaluate(() => localStorage.setItem('vmark.settings', JSON.stringify({ autosave: true })));
  const { file, tabId } = await openNote(stack, ai, 'auto.md', 'start\n');
  // source mode: the check is of the history, and a 2 MB WYSIWYG render would stretch the two auto-saves past their merge window
  await stack.page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Source mode' }).click();
  await ai.ok('document', { action: 'write', tabId, content: 'person 1\n', save: false });
  await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 10_000 }).toBe('person 1\n');
  const big = `${'A long line of an AI-written document that makes it large. '.repeat(20)}\n`.repeat(2_000);
  expect(big.length).toBeGreaterThan(2_000_000);
  const written = await ai.ok<{ saved: boolean; journaled: string }>('document', { action: 'write', tabId, content: big });
  expect(written).toMatchObject({ saved: true, journaled: 'yes' });
  await ai.ok('document', { action: 'write', tabId, content: 'person 2\n', save: false });
  await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 10_000 }).toBe('person 2\n');
  const snapshots = await historySnapshots(stack.page, file);
  expect(snapshots.map((s) => s.kind)).toEqual(['auto', 'mcp', 'auto']);
  expect(snapshots[1]?.content).toBe(big);
  expect(snapshots[2]!.at - snapshots[0]!.at).toBeLessThan(30_000);
});

test('WSP-SAVEAS-08 WSP-SAVEAS-07 a file that appears at the target while save_as waits keeps its content; the save is APPROVAL_REQUIRED', async ({ stack, ai }) => {
  await allowNewLocations(stack.page);
  const { tabId } = await openNote(stack, ai, 'mine.md', 'mine\n');
  const target = path.join(stack.workspace, 'late.md');
  const release = await holdSaveTurn(stack.page, target);
  const pending = ai.call('workspace', { action: 'save_as', tabId, filePath: target });
  await stack.page.waitForTimeout(500);
  fs.writeFileSync(target, 'appeared meanwhile\n');
  await release();
  expect((await pending).structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });
  expect(fs.readFileSync(target, 'utf8')).toBe('appeared meanwhile\n');
  expect(fs.readdirSync(stack.workspace).filter((n) => n.includes('vmark-'))).toEqual([]);
});

/** A file and a symlink to it, open in two windows: through the link in main, by its real path in window-2. */
async function fileInTwoWindows(stack: Stack, ai: Ai, name: string, linkName: string) {
  const real = path.join(stack.workspace, name);
  fs.writeFileSync(real, 'start\n');
  const link = path.join(stack.workspace, linkName);
  fs.symlinkSync(real, link);
  await stack.openEditorWindow();
  const viaLink = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: link, windowLabel: 'main' });
  const direct = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: real, windowLabel: 'window-2' });
  return { real, link, viaLink, direct };
}

test('DOC-WRITE-10 WSP-SAVEAS-11 a save made later in another window reached the file first (through a symlink): the write reports saved:false with save_error', async ({ stack, ai }) => {
  const { real, link, viaLink, direct } = await fileInTwoWindows(stack, ai, 'real.md', 'link.md');
  // unsaved text in the link's tab: the other window's save then shows as a conflict instead of replacing it
  await ai.ok('document', { action: 'write', tabId: viaLink.tabId, content: 'draft\n', save: false });
  await injectFaults(stack.page, { recordDelayMs: 1_500 });
  const older = ai.call('document', { action: 'write', tabId: viaLink.tabId, content: 'older, through the link\n' });
  await expect.poll(async () => (await journalEntries(stack.page, link)).map((e) => e.state)).toEqual(['applied', 'recorded']);
  // requested after the first write, saved while that one is still being recorded
  expect(await ai.ok('document', { action: 'write', tabId: direct.tabId, content: 'later, on the file\n' })).toMatchObject({ saved: true });
  const result = await older;
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ applied: true, saved: false, save_error: expect.stringMatching(/later save/) });
  expect(fs.readFileSync(real, 'utf8')).toBe('later, on the file\n');
  expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
  expect(await ai.ok<Read>('document', { action: 'read', tabId: viaLink.tabId })).toMatchObject({ content: 'older, through the link\n', dirty: true });
});

test('WSP-SAVEAS-10 workspace.save is STALE when a save requested after it, from another window and through the real path, reached the file first', async ({ stack, ai }) => {
  const { real, link, viaLink, direct } = await fileInTwoWindows(stack, ai, 'target.md', 'alias.md');
  await ai.ok('document', { action: 'write', tabId: viaLink.tabId, content: 'older, through the link\n', save: false });
  await ai.ok('document', { action: 'write', tabId: direct.tabId, content: 'later, on the file\n', save: false });
  await injectFaults(stack.page, { saveDelayMs: 2_000 });
  const older = ai.call('workspace', { action: 'save', tabId: viaLink.tabId });
  await stack.page.waitForTimeout(500);
  expect(await ai.ok('workspace', { action: 'save', tabId: direct.tabId })).toMatchObject({ filePath: real });
  const result = await older;
  const current = (await ai.ok<Read>('document', { action: 'read', tabId: viaLink.tabId })).revision;
  expect(result.structuredContent).toEqual({ error: 'STALE', message: expect.any(String), current_revision: current });
  expect(fs.readFileSync(real, 'utf8')).toBe('later, on the file\n');
  expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { restoreLocalStorageAfterEachTest, useSharedStackAndAi } from './support/cleanUp';
import { textOf, type Ai } from './support/mcpClient';
import { useSourceMode } from './support/person';
import type { Stack } from './support/stack';

interface Tab {
  id: string;
  filePath: string | null;
  active: boolean;
  visible: boolean;
  dirty: boolean;
}
interface State {
  windows: { label: string; activeWorkspaceInstanceId: string | null; tabs: Tab[] }[];
}

// One stack for the spec: every test uses files of its own names, and what it opens or changes
// (tabs, settings, a notice, a second window) is closed or put back after it.
let stack: Stack;
let ai: Ai;
useSharedStackAndAi((started) => ({ stack, ai } = started));
restoreLocalStorageAfterEachTest(() => stack.page, 'vmark.settings');

function write(dir: string, name: string, content: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

test('WSP-NEW-01 workspace.new creates an untitled tab of the requested kind', async () => {
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'new', kind: 'yaml-workflow' });
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows[0]?.tabs.find((t) => t.id === tabId)).toMatchObject({ filePath: null, kind: 'yaml-workflow', active: true });
});

test('WSP-OPEN-01 workspace.open opens in the background: the visible tab stays', async () => {
  const { tabId: visible } = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  const file = write(stack.workspace, 'a.md', '# A\n');
  const opened = await ai.ok<Record<string, unknown>>('workspace', { action: 'open', filePath: file });
  expect(opened).toEqual({ tabId: expect.stringMatching(/^tab-/), workspaceInstanceId: expect.stringMatching(/^wsi-/), activationChanged: false, workspaceSwitched: false });
  const tabs = (await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs ?? [];
  expect(tabs.find((t) => t.id === visible)?.active).toBe(true);
  expect(tabs.find((t) => t.id === opened.tabId)).toMatchObject({ active: false, filePath: file });
  // opening the same file again gives the same tab
  expect((await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId).toBe(opened.tabId);
});

test('WSP-02 WSP-OPEN-03 workspace.open refuses paths outside the workspace: .., encoded, relative, symlink out, missing', async () => {
  write(stack.workspace, 'inside.md', 'x');
  const outside = write(stack.root, 'outside.md', 'secret');
  fs.symlinkSync(outside, path.join(stack.workspace, 'link.md'));
  const attempts = [
    path.join(stack.workspace, '..', 'outside.md'),
    `${stack.workspace}/%2e%2e/outside.md`,
    'inside.md',
    outside,
    path.join(stack.workspace, 'link.md'),
    path.join(stack.workspace, 'missing.md'),
    '/etc/passwd',
  ];
  for (const filePath of attempts) {
    const result = await ai.call('workspace', { action: 'open', filePath });
    expect(result.structuredContent, filePath).toMatchObject({ error: 'INVALID_PATH' });
    expect(textOf(result)).not.toContain('secret');
  }
});

test('WSP-01 Unicode-normalised forms of an in-scope path open the same file', async () => {
  const nfc = write(stack.workspace, 'café.md', 'accent\n');
  const nfd = nfc.normalize('NFD');
  const a = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: nfc });
  const b = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: nfd });
  expect(b.tabId).toBe(a.tabId);
});

test('WSP-SAVEAS-02 WSP-SAVEAS-03 workspace.save_as to a new location needs the Integrations switch, else APPROVAL_REQUIRED with a notification', async () => {
  const file = write(stack.workspace, 'orig.md', 'orig\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const target = path.join(stack.workspace, 'copy.md');
  const refused = await ai.call('workspace', { action: 'save_as', tabId, filePath: target });
  expect(refused.structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });
  expect(fs.existsSync(target)).toBe(false);
  const notice = stack.page.getByRole('alert').filter({ hasText: 'save' });
  await expect(notice).toBeVisible();

  await stack.page.evaluate(() => localStorage.setItem('vmark.settings', JSON.stringify({ autoApproveNewLocation: true })));
  const saved = await ai.ok<Record<string, unknown>>('workspace', { action: 'save_as', tabId, filePath: target });
  expect(saved).toMatchObject({ revision: expect.stringMatching(/^rev-/), journaled: 'yes' });
  expect(fs.readFileSync(target, 'utf8')).toBe('orig\n');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
});

test('WSP-SAVEAS-07 WSP-SAVEAS-04 workspace.save_as never replaces a file that is not the tab\'s own', async () => {
  await stack.page.evaluate(() => localStorage.setItem('vmark.settings', JSON.stringify({ autoApproveNewLocation: true })));
  const file = write(stack.workspace, 'mine.md', 'mine\n');
  const theirs = write(stack.workspace, 'theirs.md', 'theirs\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const refused = await ai.call('workspace', { action: 'save_as', tabId, filePath: theirs });
  expect(refused.structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });
  expect(fs.readFileSync(theirs, 'utf8')).toBe('theirs\n');
  // saving back under the tab's own path is always allowed
  await ai.ok('document', { action: 'write', tabId, content: 'mine 2\n', save: false });
  await ai.ok('workspace', { action: 'save_as', tabId, filePath: file });
  expect(fs.readFileSync(file, 'utf8')).toBe('mine 2\n');
});

test('WSP-SAVE-01 workspace.save writes the tab to its file and returns filePath, revision, journaled', async () => {
  const file = write(stack.workspace, 's.md', 'one\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('document', { action: 'write', tabId, content: 'two\n', save: false });
  const saved = await ai.ok<Record<string, unknown>>('workspace', { action: 'save', tabId });
  expect(saved).toEqual({ filePath: file, revision: expect.stringMatching(/^rev-/), journaled: 'yes' });
  expect(fs.readFileSync(file, 'utf8')).toBe('two\n');
});

test('WSP-CLOSE-02 WSP-CLOSE-04 workspace.close refuses DIRTY without force, closes with force; unknown tab is INVALID_TAB', async () => {
  const file = write(stack.workspace, 'c.md', 'c\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('document', { action: 'write', tabId, content: 'changed\n', save: false });
  expect(await ai.ok('workspace', { action: 'close', tabId })).toEqual({ closed: false, reason: 'DIRTY' });
  // the unsaved work is still there
  expect(await ai.ok('document', { action: 'read', tabId })).toMatchObject({ content: 'changed\n', dirty: true });
  expect(await ai.ok('workspace', { action: 'close', tabId, force: true })).toEqual({ closed: true });
  expect(fs.readFileSync(file, 'utf8')).toBe('c\n');
  const unknown = await ai.call('workspace', { action: 'close', tabId });
  expect(unknown.structuredContent).toMatchObject({ error: 'INVALID_TAB' });
});

test('WSP-CLOSE-07 keystrokes the editor has not handed over yet count as unsaved', async () => {
  const file = write(stack.workspace, 'k.md', 'k\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.type('x');
  // no pause: the editor's idle flush has not run yet
  expect(await ai.ok('workspace', { action: 'close', tabId })).toEqual({ closed: false, reason: 'DIRTY' });
});

test('WSP-SWITCH-01 WSP-SWITCH-02 workspace.switch_tab activates the tab and reports a workspace switch', async () => {
  const file = write(stack.workspace, 'w.md', 'w\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await stack.page.getByRole('tab', { name: 'Scratch' }).click();
  const switched = await ai.ok<Record<string, unknown>>('workspace', { action: 'switch_tab', tabId });
  expect(switched).toMatchObject({ activated: true, workspaceSwitched: true, activeTabId: tabId, workspaceInstanceId: expect.stringMatching(/^wsi-/) });
  const tab = (await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs.find((t) => t.id === tabId);
  expect(tab).toMatchObject({ active: true, visible: true });
});

test('WSP-FOCUS-01 workspace.focus_window focuses a window by label', async () => {
  const second = await stack.openEditorWindow('');
  await second.bringToFront();
  const result = await ai.ok<Record<string, unknown>>('workspace', { action: 'focus_window', windowLabel: 'main' });
  expect(result).toMatchObject({ windowLabel: 'main' });
  const unknown = await ai.call('workspace', { action: 'focus_window', windowLabel: 'nope' });
  expect(unknown.isError).toBe(true);
  await second.close();
});

test('WSP-CLOSE-03 WSP-CLOSE-06 a pinned tab is never closed, not even with force', async () => {
  const file = write(stack.workspace, 'p.md', 'p\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await stack.page.getByRole('button', { name: 'Pin p' }).click();
  expect(await ai.ok('workspace', { action: 'close', tabId, force: true })).toEqual({ closed: false, reason: 'PINNED' });
  await stack.page.getByRole('button', { name: 'Unpin p' }).click();
  expect(await ai.ok('workspace', { action: 'close', tabId })).toEqual({ closed: true });
});

test('WSP-CLOSE-05 the file changed on disk and the person kept their version: close says DIVERGENT', async () => {
  const file = write(stack.workspace, 'd.md', 'disk 1\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('document', { action: 'write', tabId, content: 'mine\n', save: false });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  fs.writeFileSync(file, 'disk 2 (changed outside VMark)\n');
  const bar = stack.page.getByRole('region', { name: 'File changed on disk' });
  await bar.getByRole('button', { name: 'Keep mine' }).click();
  expect(await ai.ok('workspace', { action: 'close', tabId })).toEqual({ closed: false, reason: 'DIVERGENT' });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('mine\n');
  expect(await ai.ok('workspace', { action: 'close', tabId, force: true })).toEqual({ closed: true });
});

test('a clean tab follows its file when it changes on disk, with a new revision', async () => {
  const file = write(stack.workspace, 'e.md', 'before\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const before = await ai.ok<{ revision: string }>('document', { action: 'read', tabId });
  fs.writeFileSync(file, 'after\n');
  await expect.poll(async () => (await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content, { timeout: 10_000 }).toBe('after\n');
  const after = await ai.ok<{ revision: string; dirty: boolean }>('document', { action: 'read', tabId });
  expect(after.revision).not.toBe(before.revision);
  expect(after.dirty).toBe(false);
});

test('WSP-CLOSE-01 workspace.close closes a clean document tab; the file stays as it was', async () => {
  const file = write(stack.workspace, 'clean.md', 'clean\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  expect((await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs.map((t) => t.id)).toContain(tabId);
  await expect(stack.page.getByRole('button', { name: 'Close clean' })).toBeVisible();
  expect(await ai.ok('workspace', { action: 'close', tabId })).toEqual({ closed: true });
  expect((await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs.map((t) => t.id)).not.toContain(tabId);
  await expect(stack.page.getByRole('button', { name: 'Close clean' })).toHaveCount(0);
  expect(fs.readFileSync(file, 'utf8')).toBe('clean\n');
});

test('WSP-OPEN-02 the tabId from workspace.open drives document calls in the background; selection needs switch_tab first', async () => {
  const { tabId: visible } = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  const file = write(stack.workspace, 'bg.md', 'background\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const read = await ai.ok<{ content: string; revision: string }>('document', { action: 'read', tabId });
  expect(read.content).toBe('background\n');
  await ai.ok('document', { action: 'write', tabId, content: 'written in the background\n', expected_revision: read.revision });
  expect(fs.readFileSync(file, 'utf8')).toBe('written in the background\n');
  // the person still sees their tab
  const tabs = (await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs ?? [];
  expect(tabs.find((t) => t.id === visible)?.active).toBe(true);
  expect(tabs.find((t) => t.id === tabId)?.active).toBe(false);
  expect((await ai.call('selection', { action: 'get', tabId })).structuredContent).toMatchObject({ error: 'INVALID_TAB' });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  expect(await ai.ok('selection', { action: 'get', tabId })).toMatchObject({ tabId, isEmpty: true });
});

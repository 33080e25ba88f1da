import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectAi, textOf } from './support/mcpClient';
import { expect, test } from './support/fixtures';
import { stubFolderPicker, writeOpfsFiles } from './support/pickedFolder';

interface State {
  windows: { label: string; activeWorkspaceInstanceId: string | null; tabs: { filePath: string | null }[] }[];
}

/** A folder outside the always-readable places (home, mounted drives), with a symlink to it. */
function makeFolder(root: string): { real: string; link: string } {
  const real = path.join(root, 'project');
  fs.mkdirSync(real);
  fs.writeFileSync(path.join(real, 'readme.md'), '# Project\n');
  fs.writeFileSync(path.join(real, 'todo.md'), '- [ ] one\n');
  const link = path.join(root, 'project-link');
  fs.symlinkSync(real, link);
  return { real: fs.realpathSync(real), link };
}

test('WSP-OWS-05 WSP-OWS-06 WSP-OWS-14 WSP-OWS-02 WSP-OWS-17 workspace.open_workspace: consent naming the canonical path (first call needsApproval: true; still pending: APPROVAL_REQUIRED), then the folder picker, then the repeated call opens the whole folder', async ({ stack, ai }) => {
  const { real, link } = makeFolder(stack.root);
  // the person's folder picker is replaced by one that returns an OPFS folder with the same entries
  await writeOpfsFiles(stack.page, 'picked', { 'readme.md': '# Project\n', 'todo.md': '- [ ] one\n' });
  await stubFolderPicker(stack.page, 'picked');

  const first = await ai.ok<Record<string, unknown>>('workspace', { action: 'open_workspace', folderPath: link });
  expect(first).toMatchObject({ needsApproval: true, folderPath: real });
  const dialog = stack.page.getByRole('dialog', { name: 'Open a folder for an AI client?' });
  await expect(dialog).toContainText(real);
  await expect(dialog).toContainText('e2e-ai');

  const waiting = await ai.call('workspace', { action: 'open_workspace', folderPath: link });
  expect(waiting.structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });

  await dialog.getByRole('button', { name: 'Allow' }).click();
  const needsPick = await ai.call('workspace', { action: 'open_workspace', folderPath: link });
  expect(needsPick.structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });
  await stack.page.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(stack.page.getByRole('alert').filter({ hasText: 'ready' })).toBeVisible();

  const opened = await ai.ok<Record<string, unknown>>('workspace', { action: 'open_workspace', folderPath: link });
  expect(opened).toMatchObject({ folderPath: real, workspaceSwitched: true, workspaceInstanceId: expect.stringMatching(/^wsi-/) });
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows[0]?.activeWorkspaceInstanceId).toBe(opened.workspaceInstanceId);
  const tab = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(real, 'todo.md') });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId: tab.tabId })).content).toBe('- [ ] one\n');

  // WSP-OWS-12: no "remember" — the next open asks again
  const again = await ai.ok<Record<string, unknown>>('workspace', { action: 'open_workspace', folderPath: real });
  expect(again).toMatchObject({ needsApproval: true });
});

test('WSP-OWS-11 WSP-OWS-08 a denial keeps failing until approved; another connection gets its own prompt', async ({ stack, ai }) => {
  const { real } = makeFolder(stack.root);
  await ai.ok('workspace', { action: 'open_workspace', folderPath: real });
  await stack.page.getByRole('dialog').getByRole('button', { name: 'Deny' }).click();
  const denied = await ai.call('workspace', { action: 'open_workspace', folderPath: real });
  expect(denied.structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });
  expect(textOf(denied)).toContain('denied');
  // the person is asked again; approving lets this connection continue, not another one
  await stack.page.getByRole('dialog').getByRole('button', { name: 'Allow' }).click();
  const other = await connectAi(stack.env, [], 'other-ai');
  try {
    const otherFirst = await other.ok<Record<string, unknown>>('workspace', { action: 'open_workspace', folderPath: real });
    expect(otherFirst).toMatchObject({ needsApproval: true });
  } finally {
    await other.close();
  }
});

test('WSP-OWS-15 a second folder request while a folder dialog is open is BUSY', async ({ stack, ai }) => {
  const { real } = makeFolder(stack.root);
  const second = path.join(stack.root, 'second');
  fs.mkdirSync(second);
  await ai.ok('workspace', { action: 'open_workspace', folderPath: real });
  const busy = await ai.call('workspace', { action: 'open_workspace', folderPath: second });
  expect(busy.structuredContent).toMatchObject({ error: 'BUSY' });
});

test('WSP-OWS-01 a folder in the home directory opens straight after consent', async ({ stack, ai }) => {
  const home = fs.mkdtempSync(path.join(os.homedir(), 'vmark-e2e-home-'));
  try {
    fs.writeFileSync(path.join(home, 'a.md'), 'home file\n');
    await ai.ok('workspace', { action: 'open_workspace', folderPath: home });
    await stack.page.getByRole('dialog').getByRole('button', { name: 'Allow' }).click();
    const opened = await ai.ok<{ folderPath: string }>('workspace', { action: 'open_workspace', folderPath: home });
    expect(opened.folderPath).toBe(fs.realpathSync(home));
    const tab = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(home, 'a.md') });
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId: tab.tabId })).content).toBe('home file\n');
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});

test('WSP-OWS-03 open_workspace does not accept windowLabel', async ({ ai }) => {
  const result = await ai.call('workspace', { action: 'open_workspace', folderPath: '/tmp', windowLabel: 'main' });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(textOf(result)).toContain('windowLabel');
});

test('WSP-OWS-13 the consent alone does not let VMark read a folder outside home and mounted drives', async ({ stack, ai }) => {
  const { real } = makeFolder(stack.root);
  const before = await ai.ok<State>('session', { action: 'get_state' });
  await ai.ok('workspace', { action: 'open_workspace', folderPath: real });
  await stack.page.getByRole('dialog', { name: 'Open a folder for an AI client?' }).getByRole('button', { name: 'Allow' }).click();
  const repeated = await ai.call('workspace', { action: 'open_workspace', folderPath: real });
  expect(repeated.structuredContent).toMatchObject({ error: 'APPROVAL_REQUIRED' });
  // nothing of the folder became readable: not a workspace, not a root of the host, its files stay closed
  const after = await ai.ok<State>('session', { action: 'get_state' });
  expect(after.windows[0]?.activeWorkspaceInstanceId).toBe(before.windows[0]?.activeWorkspaceInstanceId);
  const roots = JSON.parse(fs.readFileSync(path.join(stack.root, 'state', 'native-roots.json'), 'utf8')) as string[];
  expect(roots).not.toContain(real);
  const open = await ai.call('workspace', { action: 'open', filePath: path.join(real, 'readme.md') });
  expect(open.structuredContent).toMatchObject({ error: 'INVALID_PATH' });
  expect(textOf(open)).not.toContain('# Project');
});

test('WSP-OWS-16 a second open_workspace while a workspace switch is running in the window is BUSY; the running one completes', async ({ stack, ai }) => {
  const home = fs.mkdtempSync(path.join(os.homedir(), 'vmark-e2e-home-'));
  try {
    await ai.ok('workspace', { action: 'open_workspace', folderPath: home });
    await stack.page.getByRole('dialog').getByRole('button', { name: 'Allow' }).click();
    // the switch is held for a moment, so the second request meets it running
    await stack.page.evaluate(() => {
      (window as unknown as { vmarkDebug: { faults: { workspaceSwitch: { delayMs: number } } } }).vmarkDebug.faults.workspaceSwitch.delayMs = 1500;
    });
    const running = ai.ok<{ folderPath: string; workspaceSwitched: boolean }>('workspace', { action: 'open_workspace', folderPath: home });
    await stack.page.waitForTimeout(300);
    const second = await ai.call('workspace', { action: 'open_workspace', folderPath: home });
    expect(second.structuredContent).toMatchObject({ error: 'BUSY' });
    expect(await running).toMatchObject({ folderPath: fs.realpathSync(home), workspaceSwitched: true });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});

test('WSP-OWS-04 the folder opens in the window the request arrives in, where its consent was shown; consent given in one window never opens it in another', async ({ stack, ai }) => {
  const home = fs.mkdtempSync(path.join(os.homedir(), 'vmark-e2e-home-'));
  const consent = (page: typeof stack.page) => page.getByRole('dialog', { name: 'Open a folder for an AI client?' });
  const workspaceOf = async (label: string) => (await ai.ok<State>('session', { action: 'get_state' })).windows.find((w) => w.label === label)?.activeWorkspaceInstanceId;
  try {
    const second = await stack.openEditorWindow('');
    // the person last used the second window: a request without a target arrives there
    await second.getByRole('button', { name: 'New document' }).click();
    const mainBefore = await workspaceOf('main');
    expect(await ai.ok<Record<string, unknown>>('workspace', { action: 'open_workspace', folderPath: home })).toMatchObject({ needsApproval: true });
    await expect(consent(second)).toContainText(fs.realpathSync(home));
    await expect(consent(stack.page)).toHaveCount(0);
    await consent(second).getByRole('button', { name: 'Allow' }).click();

    // the person turns to main before the repeat: it arrives there, where nobody consented, so main asks and nothing opens
    await stack.page.bringToFront();
    await stack.page.getByRole('button', { name: 'New document' }).click();
    const secondBefore = await workspaceOf('window-2');
    expect(await ai.ok<Record<string, unknown>>('workspace', { action: 'open_workspace', folderPath: home })).toMatchObject({ needsApproval: true });
    await expect(consent(stack.page)).toContainText(fs.realpathSync(home));
    expect(await workspaceOf('window-2')).toBe(secondBefore);
    expect(await workspaceOf('main')).toBe(mainBefore);

    // consent in main: the repeat opens the folder in main, and the second window stays as it was
    await consent(stack.page).getByRole('button', { name: 'Allow' }).click();
    const opened = await ai.ok<{ workspaceInstanceId: string; workspaceSwitched: boolean }>('workspace', { action: 'open_workspace', folderPath: home });
    expect(opened.workspaceSwitched).toBe(true);
    expect(await workspaceOf('main')).toBe(opened.workspaceInstanceId);
    expect(await workspaceOf('window-2')).toBe(secondBefore);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});

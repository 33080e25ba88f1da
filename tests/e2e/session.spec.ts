import fs from 'node:fs';
import path from 'node:path';
import { MCP_PROTOCOL, VMARK_VERSION } from '@vmark/shared';
import { expect, test } from './support/fixtures';
import { tabIds } from './support/cleanUp';
import { sharedStackTest } from './support/sharedStack';

interface State {
  windows: {
    label: string;
    focused: boolean;
    activeWorkspaceInstanceId: string | null;
    tabs: { id: string; filePath: string | null; title: string; dirty: boolean; revision: string; kind: string; active: boolean; visible: boolean }[];
  }[];
  capabilities: { version: string; supportedKinds: string[]; mcpProtocol: string };
}

test.describe('one stack for the tests that touch only their own files and tabs', () => {
  const test = sharedStackTest().extend<{ closeOpenedTabs: void }>({
    closeOpenedTabs: [
      async ({ ai }, use) => {
        const before = await tabIds(ai);
        await use();
        for (const tabId of await tabIds(ai)) if (!before.has(tabId)) await ai.ok('workspace', { action: 'close', tabId, force: true });
      },
      { auto: true },
    ],
  });

  test('SES-GS-11 the kind of each tab says which write fits: document.write for markdown, workflow.apply_patch for yaml-workflow', async ({ stack, ai }) => {
    const note = path.join(stack.workspace, 'note.md');
    fs.writeFileSync(note, '# Note\n');
    const flow = path.join(stack.workspace, '.github', 'workflows', 'ci.yml');
    fs.mkdirSync(path.dirname(flow), { recursive: true });
    fs.writeFileSync(flow, 'name: ci  # keep me\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n');
    await ai.ok('workspace', { action: 'open', filePath: note });
    await ai.ok('workspace', { action: 'open', filePath: flow });
    const tabs = (await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs ?? [];
    const byKind = Object.fromEntries(tabs.map((t) => [t.kind, t.id]));
    expect(Object.keys(byKind).sort()).toEqual(['markdown', 'yaml-workflow']);
    await ai.ok('document', { action: 'write', tabId: byKind.markdown, content: '# Note 2\n' });
    expect(fs.readFileSync(note, 'utf8')).toBe('# Note 2\n');
    await ai.ok('workflow', { action: 'apply_patch', tabId: byKind['yaml-workflow'], patches: [{ kind: 'workflow.set', path: 'name', value: 'ci2' }] });
    await ai.ok('workspace', { action: 'save', tabId: byKind['yaml-workflow'] });
    expect(fs.readFileSync(flow, 'utf8')).toBe('name: ci2  # keep me\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n');
    const wrong = await ai.call('workflow', { action: 'apply_patch', tabId: byKind.markdown, patches: [{ kind: 'workflow.set', path: 'name', value: 'x' }] });
    expect(wrong.structuredContent).toMatchObject({ error: 'NOT_WORKFLOW' });
  });

  test('SES-GS-01 SES-GS-02 SES-GS-07 session.get_state right after the AI\'s own write, save, new tab and close shows each change (the windows push their reports before answering)', async ({ stack, ai }) => {
    const file = path.join(stack.workspace, 'pushed.md');
    fs.writeFileSync(file, 'before\n');
    const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
    const tabOf = async (id: string) => (await ai.ok<State>('session', { action: 'get_state' })).windows[0]?.tabs.find((t) => t.id === id);
    const opened = await tabOf(tabId);
    expect(opened).toMatchObject({ filePath: file, dirty: false, active: true });

    const written = await ai.ok<{ revision: string }>('document', { action: 'write', tabId, content: 'after\n', save: false });
    expect(await tabOf(tabId)).toMatchObject({ dirty: true, revision: written.revision });
    expect(written.revision).not.toBe(opened?.revision);

    const saved = await ai.ok<{ revision: string }>('workspace', { action: 'save', tabId });
    expect(await tabOf(tabId)).toMatchObject({ dirty: false, revision: saved.revision });

    // a new tab is routed by its id at once: routing reads the same reports
    const fresh = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
    expect(await ai.ok<{ content: string }>('document', { action: 'read', tabId: fresh.tabId })).toMatchObject({ content: '' });
    expect(await tabOf(fresh.tabId)).toMatchObject({ active: true });
    expect(await tabOf(tabId)).toMatchObject({ active: false });

    expect(await ai.ok('workspace', { action: 'close', tabId: fresh.tabId })).toEqual({ closed: true });
    expect(await tabOf(fresh.tabId)).toBeUndefined();
    expect(await tabOf(tabId)).toMatchObject({ active: true });
  });
});

test('SES-GS-01 session.get_state reports the window, its tabs and the capabilities', async ({ stack, ai }) => {
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.capabilities).toEqual({ version: VMARK_VERSION, supportedKinds: ['markdown', 'yaml-workflow'], mcpProtocol: MCP_PROTOCOL });
  expect(state.windows).toHaveLength(1);
  const [main] = state.windows;
  expect(main?.label).toBe('main');
  expect(main?.activeWorkspaceInstanceId).toMatch(/^wsi-/);
  expect(main?.tabs).toEqual([]);
  void stack;
});

test('SES-GS-07 SES-GS-02 session.get_state lists every editor window with its tabs; active and focused come from the browser', async ({ stack, ai }) => {
  await stack.page.getByRole('button', { name: 'New document' }).click();
  await stack.page.getByRole('button', { name: 'New document' }).click();
  const second = await stack.openEditorWindow('');
  await second.getByRole('button', { name: 'New document' }).click();

  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows.map((w) => w.label)).toEqual(['main', 'window-2']);
  const [main, other] = state.windows;
  expect(main?.tabs).toHaveLength(2);
  expect(other?.tabs).toHaveLength(1);
  for (const tab of [...(main?.tabs ?? []), ...(other?.tabs ?? [])]) {
    expect(tab).toMatchObject({ filePath: null, dirty: false, kind: 'markdown', visible: true });
    expect(tab.id).toMatch(/^tab-[0-9A-Za-z]{8}$/);
    expect(tab.revision).toMatch(/^rev-[0-9A-Za-z]{8}$/);
  }
  // the tab created last in each window is its current tab
  expect(main?.tabs.map((t) => t.active)).toEqual([false, true]);
  expect(other?.tabs.map((t) => t.active)).toEqual([true]);
  // at most one window is the one the person looks at: the browser's focused window and its active tab
  expect(state.windows.filter((w) => w.focused).length).toBeLessThanOrEqual(1);
  await second.bringToFront();
  const after = await ai.ok<State>('session', { action: 'get_state' });
  expect(after.windows.find((w) => w.label === 'main')?.focused).toBe(false);
});

test('SES-GS-03 SES-GS-04 session.get_state: tabs of a workspace instance the window does not show are not visible', async ({ stack, ai }) => {
  const before = await ai.ok<State>('session', { action: 'get_state' });
  const nativeInstance = before.windows[0]?.activeWorkspaceInstanceId;
  const opened = await ai.ok<{ tabId: string; workspaceInstanceId: string }>('workspace', { action: 'new' });
  // the person switches the window to the Scratch workspace
  await stack.page.getByRole('tab', { name: 'Scratch' }).click();
  const state = await ai.ok<State>('session', { action: 'get_state' });
  const main = state.windows[0];
  expect(main?.activeWorkspaceInstanceId).not.toBe(nativeInstance);
  expect(main?.tabs.find((t) => t.id === opened.tabId)).toMatchObject({ visible: false, active: false });
});

test('session.get_state with no editor window open answers with no windows', async ({ stack, ai }) => {
  await stack.page.close();
  await expect
    .poll(async () => (await ai.ok<State>('session', { action: 'get_state' })).windows.length, { timeout: 10_000 })
    .toBe(0);
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.capabilities.mcpProtocol).toBe(MCP_PROTOCOL);
});

test('SES-GS-05 SES-GS-08 focused is the window the person looks at, from the browser, not the one that answered; while the person is in another application none is focused', async ({ stack, ai }) => {
  await stack.openEditorWindow('');
  await stack.page.bringToFront();
  await expect
    .poll(async () => (await ai.ok<State>('session', { action: 'get_state' })).windows.map((w) => w.focused))
    .toEqual([true, false]);
  // the person switches to their AI client: a window that is not VMark's takes the focus
  const elsewhere = await stack.context.newPage();
  await elsewhere.bringToFront();
  await expect
    .poll(async () => (await ai.ok<State>('session', { action: 'get_state' })).windows.map((w) => w.focused))
    .toEqual([false, false]);
});

test('SES-GS-10 after workspace.switch_tab, session.get_state tells whether the tab is really in front of the person: active and visible in its window, and that window focused', async ({ stack, ai }) => {
  await stack.page.getByRole('button', { name: 'New document' }).click();
  const second = await stack.openEditorWindow('');
  await second.getByRole('button', { name: 'New document' }).click();
  await second.getByRole('button', { name: 'New document' }).click();
  const inSecond = (await ai.ok<State>('session', { action: 'get_state' })).windows.find((w) => w.label === 'window-2')?.tabs ?? [];
  const behind = inSecond.find((t) => !t.active);
  expect(behind).toBeDefined();
  // the person looks at main while the AI switches a tab of the other window
  await stack.page.bringToFront();
  await expect.poll(async () => (await ai.ok<State>('session', { action: 'get_state' })).windows.find((w) => w.label === 'main')?.focused).toBe(true);
  expect(await ai.ok<{ activated: boolean }>('workspace', { action: 'switch_tab', tabId: behind!.id })).toMatchObject({ activated: true });
  const state = await ai.ok<State>('session', { action: 'get_state' });
  const window = state.windows.find((w) => w.tabs.some((t) => t.id === behind!.id));
  expect(window?.tabs.find((t) => t.id === behind!.id)).toMatchObject({ active: true, visible: true });
  // activated, yet not in front: its window is not the one the person looks at
  expect(window).toMatchObject({ label: 'window-2', focused: false });
  await ai.ok('workspace', { action: 'focus_window', windowLabel: 'window-2' });
  await expect
    .poll(async () => (await ai.ok<State>('session', { action: 'get_state' })).windows.find((w) => w.label === 'window-2')?.focused)
    .toBe(true);
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

interface State {
  windows: { label: string; tabs: { id: string }[] }[];
}

test('SES-GS-09 a request without tabId and without a path goes to the most recently used window, not to main', async ({ stack, ai }) => {
  const second = await stack.openEditorWindow('');
  await second.getByRole('button', { name: 'New document' }).click();
  const made = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  let state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows.find((w) => w.label === 'window-2')?.tabs.map((t) => t.id)).toContain(made.tabId);

  await stack.page.bringToFront();
  await stack.page.getByRole('button', { name: 'New document' }).click();
  const next = await ai.ok<{ tabId: string }>('workspace', { action: 'new' });
  state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows.find((w) => w.label === 'main')?.tabs.map((t) => t.id)).toContain(next.tabId);
});

test('SES-GS-06 a request naming a file goes to the window that owns its workspace', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'owned.md');
  fs.writeFileSync(file, 'x\n');
  const scratchOnly = await stack.openEditorWindow('');
  await scratchOnly.getByRole('button', { name: 'New document' }).click();
  const opened = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.windows.find((w) => w.label === 'main')?.tabs.map((t) => t.id)).toContain(opened.tabId);
});

test('document.read of a document over 25,000 tokens is cut, marked truncated, with a never-write-back notice', async ({ stack, ai }) => {
  const file = path.join(stack.workspace, 'big.md');
  const line = 'All work and no play makes Jack a dull boy. 中文内容测试。\n';
  fs.writeFileSync(file, line.repeat(3_000));
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const result = await ai.call('document', { action: 'read', tabId });
  expect(result.isError).toBeFalsy();
  const [notice, payload] = result.content as { type: 'text'; text: string }[];
  expect(notice?.text).toMatch(/Never write a truncated read back/);
  const data = JSON.parse(payload?.text ?? '{}') as { content: string; truncated: boolean; revision: string };
  expect(data.truncated).toBe(true);
  expect(line.repeat(3_000).startsWith(data.content)).toBe(true);
  expect(data.content.length).toBeLessThan(line.length * 3_000);
  expect(data.revision).toMatch(/^rev-/);
});

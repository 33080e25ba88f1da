// The seed's recommended workflow, done by an agent that knows only what tools/list tells it.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { useSourceMode } from './support/person';

interface ListedSchema {
  properties: Record<string, { enum?: string[] }>;
}

interface Tab {
  id: string;
  filePath: string | null;
  dirty: boolean;
  revision: string;
  kind: string;
}

test('GEN-08 GEN-09 GEN-10 GEN-12 from tools/list alone: get_state, read, write with expected_revision; selection get and set; file operations on workspace', async ({ stack, ai }) => {
  const { tools } = await ai.client.listTools();
  const actions = (name: string): string[] => (tools.find((t) => t.name === name)?.inputSchema as unknown as ListedSchema).properties.action?.enum ?? [];
  const argsOf = (name: string): string[] => Object.keys((tools.find((t) => t.name === name)?.inputSchema as unknown as ListedSchema).properties);
  // GEN-12: open, save, close and tab switching live on workspace, and only there
  expect(actions('workspace')).toEqual(expect.arrayContaining(['open', 'save', 'save_as', 'close', 'switch_tab']));
  for (const other of ['session', 'document', 'selection']) {
    expect(actions(other).filter((a) => ['open', 'save', 'save_as', 'close', 'switch_tab'].includes(a))).toEqual([]);
  }
  expect(actions('session')).toContain('get_state');
  expect(actions('document')).toEqual(expect.arrayContaining(['read', 'write']));
  expect(argsOf('document')).toContain('expected_revision');
  expect(actions('selection')).toEqual(expect.arrayContaining(['get', 'set']));
  expect(argsOf('selection')).toContain('expected_revision');

  const file = path.join(stack.workspace, 'guide.md');
  fs.writeFileSync(file, 'Intro line\n\nA long paragraph to tighten.\n');
  await ai.ok('workspace', { action: 'open', filePath: file });

  // GEN-08: one get_state shows each tab with filePath, dirty, revision and kind
  const state = await ai.ok<{ windows: { tabs: Tab[] }[] }>('session', { action: 'get_state' });
  const tab = state.windows.flatMap((w) => w.tabs).find((t) => t.filePath === file);
  expect(tab).toMatchObject({ dirty: false, kind: 'markdown', revision: expect.stringMatching(/^rev-/) });
  const tabId = tab?.id as string;

  // GEN-09: read, think, write with expected_revision; an outdated revision is refused
  const read = await ai.ok<{ content: string; revision: string }>('document', { action: 'read', tabId });
  expect(read.revision).toBe(tab?.revision);
  const rewritten = read.content.replace('Intro line', 'Introduction');
  const written = await ai.ok<{ revision: string; saved: boolean }>('document', { action: 'write', tabId, content: rewritten, expected_revision: read.revision });
  expect(written.saved).toBe(true);
  expect(fs.readFileSync(file, 'utf8')).toBe('Introduction\n\nA long paragraph to tighten.\n');
  const late = await ai.call('document', { action: 'write', tabId, content: 'lost update\n', expected_revision: read.revision });
  expect(late.structuredContent).toMatchObject({ error: 'STALE', current_revision: written.revision });

  // GEN-10: the person selects a range; get returns only it, set rewrites only it
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  await stack.page.locator('.cm-content').click();
  await stack.page.keyboard.press('Control+End');
  await stack.page.keyboard.press('ArrowUp');
  await stack.page.keyboard.press('Shift+End');
  const selected = await ai.ok<{ text: string; revision: string; tabId: string }>('selection', { action: 'get' });
  expect(selected).toMatchObject({ text: 'A long paragraph to tighten.', tabId, revision: written.revision });
  await ai.ok('selection', { action: 'set', content: 'A tight paragraph.', expected_revision: selected.revision });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('Introduction\n\nA tight paragraph.\n');
  await ai.ok('workspace', { action: 'save', tabId });
  expect(fs.readFileSync(file, 'utf8')).toBe('Introduction\n\nA tight paragraph.\n');
});

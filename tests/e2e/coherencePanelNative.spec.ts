// The Coherence panel on a native folder: the panel's methods run in `vmark host` on the kernel that
// also captures the host's writes and answers the MCP coherence tools, so the person's panel and the
// AI (MCP SDK client with a `vmark connect` credential) see one ledger.
// One stack for the spec: the tests run in order on one workspace.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { textOf, type Ai } from './support/mcpClient';
import { useSourceMode } from './support/person';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: Stack;
let named: Ai;
let page: Page;
let panel: Locator;
let root = '';

type EdgeRow = { txf: string; input: number; upstream_path: string; downstream_path: string; state: string };
const edges = () => named.ok<EdgeRow[]>('coherence', { action: 'edges', workspace_root: root });
const disk = (name: string) => fs.readFileSync(path.join(root, name), 'utf8');
const edge = (downstream: string, upstream: string) => panel.getByRole('listitem', { name: `${downstream} from ${upstream}` });
const ledgerEntries = (): { kind: string; body: Record<string, unknown> }[] => {
  const dir = path.join(root, '.vmark', 'ledger');
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => fs.readFileSync(path.join(dir, n), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { kind: string; body: Record<string, unknown> });
};

async function show(name: string): Promise<void> {
  const { tabId } = await named.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(root, name) });
  await named.ok('workspace', { action: 'switch_tab', tabId });
}

async function reopenPanel(): Promise<void> {
  await panel.getByRole('button', { name: 'Close coherence' }).click();
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Coherence' }).click();
}

/** Someone edits the upstream outside VMark. */
const editOutside = (name: string, from: string, to: string) => fs.writeFileSync(path.join(root, name), disk(name).replace(from, to));

useSharedStack({ files: { 'sheet.md': '# Elena\n\nElena has green eyes.\n', 'summary.md': '# Summary\n\nHer green eyes.\n' } }, async (shared) => {
  stack = shared.stack;
  root = stack.workspace;
  page = stack.page;
  named = await shared.connectNamedAi('cursor', 'some-editor');
  panel = page.getByRole('complementary', { name: 'Coherence' });
});

test('a native folder records from the first save with no setup: the host creates .vmark/ then, and the file holds exactly what the person typed', async () => {
  await show('sheet.md');
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Coherence' }).click();
  await expect(panel.getByText(/Nothing is recorded here yet/)).toBeVisible();
  expect(fs.existsSync(path.join(root, '.vmark'))).toBe(false);

  await useSourceMode(page);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nShe is tall.');
  await page.keyboard.press('Control+s');
  await expect.poll(() => disk('sheet.md')).toBe('# Elena\n\nElena has green eyes.\n\nShe is tall.');
  await expect.poll(() => ledgerEntries().filter((e) => e.kind === 'transformation').map((e) => e.body.agent)).toEqual([{ type: 'human' }]);
  expect(fs.readFileSync(path.join(root, '.vmark', '.gitattributes'), 'utf8')).toContain('merge=union');
  await reopenPanel();
  await expect(panel.getByRole('button', { name: 'Derived from…' })).toBeVisible();
});

test('COH-EDGES-01 Derived from… in the panel, an external edit of the upstream: the panel shows the edge version-stale, Accept newer there, and the MCP client\'s edges agree at each step', async () => {
  await show('summary.md');
  await panel.getByRole('button', { name: 'Derived from…' }).click();
  await panel.getByRole('checkbox', { name: 'sheet.md' }).check();
  await panel.getByRole('button', { name: 'Record and save' }).click();
  await expect(edge('summary.md', 'sheet.md')).toHaveAttribute('data-state', 'fresh');
  expect(await edges()).toEqual([]);

  editOutside('sheet.md', 'green', 'grey');
  await reopenPanel();
  const stale = edge('summary.md', 'sheet.md');
  await expect(stale).toHaveAttribute('data-state', 'version-stale');
  expect(await edges()).toEqual([expect.objectContaining({ upstream_path: 'sheet.md', downstream_path: 'summary.md', state: 'version-stale' })]);

  await stale.getByRole('button', { name: /summary\.md ← sheet\.md/ }).click();
  await stale.getByRole('button', { name: 'Accept newer' }).click();
  await expect(panel.getByRole('list', { name: 'Fresh edges' }).getByRole('listitem', { name: 'summary.md from sheet.md' })).toHaveAttribute('data-state', 'fresh-ratified');
  expect(await edges()).toEqual([]);
});

test('CRS-RESOLVE-01 CRS-RESOLVE-04 the person grants cursor accept-newer in the panel; the client `vmark connect` set up resolves with that grant, and the panel\'s audit log shows it', async () => {
  editOutside('sheet.md', 'grey', 'blue');
  const [row] = await edges();
  expect(row).toMatchObject({ upstream_path: 'sheet.md', downstream_path: 'summary.md', state: 'version-stale' });
  const args = { action: 'resolve', workspace_root: root, txf: row!.txf, input: row!.input, resolution: 'accept-newer' };
  const refused = await named.call('coherence_resolve', args);
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toMatch(/cursor holds no delegation in this workspace; ask the user to grant/);

  const delegation = panel.getByRole('region', { name: 'Delegation' });
  await delegation.getByLabel('Client').fill('cursor');
  await delegation.getByRole('button', { name: 'Grant' }).click();
  await expect(delegation.getByRole('list', { name: 'Grants' }).getByRole('listitem')).toHaveText([/cursor: accept newer · until/]);
  const [grant] = ledgerEntries().filter((e) => e.kind === 'delegation');
  expect(grant?.body).toMatchObject({ delegate: { type: 'external', id: 'cursor' }, scope: ['resolve.accept-newer'] });

  const done = await named.ok<{ resolution: string; delegation: string }>('coherence_resolve', args);
  expect(done).toMatchObject({ resolution: 'accept-newer', delegation: grant!.body.delegation });
  expect(await edges()).toEqual([]);
  await reopenPanel();
  await expect(panel.getByRole('list', { name: 'Audit log' }).getByRole('listitem')).toHaveText([/cursor .*sheet\.md/]);
});

test('COH-EDGES-01 a rename in the app keeps the identity: the source renamed in the file tree and then edited outside VMark still shows its derived document stale', async () => {
  page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept('elena.md') : dialog.accept()));
  await page.getByRole('treeitem', { name: 'sheet.md' }).getByRole('button').click();
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Rename' }).click();
  await expect.poll(() => fs.existsSync(path.join(root, 'elena.md'))).toBe(true);
  // a new text at the new path: only the recorded rename can tell it is the same document
  editOutside('elena.md', 'blue', 'violet');
  expect(await edges()).toEqual([expect.objectContaining({ upstream_path: 'elena.md', downstream_path: 'summary.md', state: 'version-stale' })]);
  expect(ledgerEntries().filter((e) => e.kind === 'object-registered').map((e) => e.body.path)).toContain('elena.md');
});

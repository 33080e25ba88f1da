import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { connectAi, textOf, type Ai } from './support/mcpClient';
import { VMARK } from './support/paths';
import { useSourceMode } from './support/person';
import { writeOpfsFiles } from './support/pickedFolder';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

// one stack, one Scratch workspace: each test leaves the ledger as the next one expects it
test.describe.configure({ mode: 'serial' });

const SCRATCH = '/vmark-scratch';
let stack: Stack;
let ai: Ai;
let page: Page;
let panel: Locator;

async function readScratch(name: string): Promise<string | null> {
  return page.evaluate(async (path) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('scratch');
    const parts = path.split('/');
    try {
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
      return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
    } catch {
      return null;
    }
  }, name);
}

async function ledgerLines(): Promise<{ kind: string; body: Record<string, unknown> }[]> {
  const texts = await page.evaluate(async () => {
    const scratch = await (await navigator.storage.getDirectory()).getDirectoryHandle('scratch');
    const ledger = await (await scratch.getDirectoryHandle('.vmark')).getDirectoryHandle('ledger');
    const out: string[] = [];
    for await (const [name, handle] of (ledger as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
      if (handle.kind === 'file' && name.endsWith('.jsonl')) out.push(await (await (handle as FileSystemFileHandle).getFile()).text());
    }
    return out;
  });
  return texts.flatMap((t) => t.split('\n').filter(Boolean)).map((l) => JSON.parse(l));
}

/** The person opens a Scratch document and makes it the visible tab. */
async function show(name: string): Promise<void> {
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `${SCRATCH}/${name}` });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
}

/** The person types at the end of the visible document and saves with Ctrl+S. */
async function typeAndSave(name: string, text: string): Promise<void> {
  await show(name);
  await useSourceMode(page);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  await page.keyboard.press('Control+s');
  await expect.poll(() => readScratch(name)).toContain(text);
}

type EdgeRow = { txf: string; input: number; upstream_path: string; downstream_path: string; state: string };
const mcpEdges = () => ai.ok<EdgeRow[]>('coherence', { action: 'edges', workspace_root: SCRATCH });

const edge = (downstream: string, upstream: string) => panel.getByRole('listitem', { name: `${downstream} from ${upstream}` });

useSharedStack({ nativeWorkspace: false }, async (shared) => {
  stack = shared.stack;
  page = stack.page;
  ai = await shared.connectAi();
  await writeOpfsFiles(page, 'scratch', { 'elena.md': '# Elena\n\nElena has green eyes.\n', 'chapter.md': '# Chapter 3\n\nHer green eyes.\n', 'plain.md': 'never saved\n' });
  await show('elena.md');
  panel = page.getByRole('complementary', { name: 'Coherence' });
});

test('every save is captured from the first one, with no setup: .vmark/ appears then, the documents hold exactly what the person typed, and a file never saved stays untouched', async () => {
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Coherence' }).click();
  await expect(panel.getByText(/Nothing is recorded here yet/)).toBeVisible();
  expect(await readScratch('.vmark/.gitattributes')).toBeNull();

  await typeAndSave('elena.md', '\nShe is tall.');
  await typeAndSave('chapter.md', '\nShe looked up.');
  await expect(panel.getByRole('button', { name: 'Derived from…' })).toBeVisible();
  expect(await readScratch('elena.md')).toBe('# Elena\n\nElena has green eyes.\n\nShe is tall.');
  expect(await readScratch('.vmark/.gitattributes')).toContain('merge=union');
  await expect.poll(async () => (await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read' })).dirty).toBe(false);
  expect(await readScratch('plain.md')).toBe('never saved\n');
  // a capture follows its save: the second one may still be on its way to the ledger
  const saves = async () => (await ledgerLines()).filter((l) => l.kind === 'transformation').map((s) => [s.body.agent, s.body.confidence]);
  await expect.poll(saves).toEqual([[{ type: 'human' }, 'exact'], [{ type: 'human' }, 'exact']]);
  // the scratch folder in the file tree does not show VMark's own folder
  await expect(page.getByRole('treeitem', { name: '.vmark' })).toHaveCount(0);
});

test('Derived from… declares chapter.md made from elena.md; an edit of elena.md turns the edge version-stale, and the diff shows the change since the pinned revision', async () => {
  await show('chapter.md');
  await panel.getByRole('button', { name: 'Derived from…' }).click();
  await panel.getByRole('checkbox', { name: 'elena.md' }).check();
  await panel.getByRole('button', { name: 'Record and save' }).click();
  await expect(edge('chapter.md', 'elena.md')).toHaveAttribute('data-state', 'fresh');

  await typeAndSave('elena.md', '\nHer eyes are grey now.');
  await show('chapter.md');
  const stale = edge('chapter.md', 'elena.md');
  await expect(stale).toHaveAttribute('data-state', 'version-stale');
  await expect(stale).toContainText('Upstream changed');
  await stale.getByRole('button', { name: /chapter\.md ← elena\.md/ }).click();
  await stale.getByRole('button', { name: 'Changes since pinned' }).click();
  await expect(stale.getByLabel('Changes')).toContainText('+ Her eyes are grey now.');
  await stale.getByRole('button', { name: 'Open upstream' }).click();
  await expect(page.getByRole('tab', { name: 'elena', selected: true })).toBeVisible();
});

test('COH-EDGES-01 COH-EDGES-02 COH-STATUS-01 COH-STATUS-02 COH-STATUS-03 COH-STATUS-05 COH-CLAIMS-01 COH-CTX-01 COH-CTX-02 the AI reads the same workspace over MCP: edges lists the stale edge the panel shows, with the seed\'s fields', async () => {
  const [row] = await mcpEdges();
  expect(Object.keys(row ?? {}).sort()).toEqual(['downstream', 'downstream_path', 'downstream_rev', 'input', 'pinned', 'state', 'txf', 'upstream', 'upstream_path']);
  expect(row).toMatchObject({ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale', input: 0 });
  expect(await ai.ok('coherence', { action: 'status', workspace_root: SCRATCH })).toEqual({ initialized: true, objects: 2, open_items: 1, quarantined: 0, writer: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(await ai.ok('coherence', { action: 'claims', workspace_root: SCRATCH })).toEqual([]);
  expect(await ai.ok('coherence', { action: 'contexts', workspace_root: SCRATCH })).toEqual([expect.objectContaining({ name: 'default', parent: null, enforcement: 'greenhouse', errors: [] })]);
});

test('COH-08 CRS-RESOLVE-10 a workspace_root that is a file, not an open workspace, or relative is refused with a plain string error', async () => {
  const file = await ai.call('coherence', { action: 'edges', workspace_root: `${SCRATCH}/elena.md` });
  expect(file.isError).toBe(true);
  expect(textOf(file)).toMatch(/workspace_root is not a directory/);
  const nowhere = await ai.call('coherence', { action: 'status', workspace_root: '/vmark-scratch-nowhere' });
  expect(nowhere.isError).toBe(true);
  expect(textOf(nowhere)).toMatch(/vmark-scratch-nowhere/);
  const relative = await ai.call('coherence_resolve', { action: 'resolve', workspace_root: 'vmark-scratch', txf: 't', input: 0, resolution: 'accept-newer' });
  expect(relative.isError).toBe(true);
  expect(textOf(relative)).toMatch(/absolute path/);
});

test('CRS-RESOLVE-02 CRS-RESOLVE-07 CRS-RESOLVE-08 resolve is refused for an AI client that presents no credential, whatever it calls itself', async () => {
  const forged = await connectAi(stack.env, [], 'claude-code');
  try {
    const [row] = await mcpEdges();
    const refused = await forged.call('coherence_resolve', { action: 'resolve', workspace_root: SCRATCH, txf: row!.txf, input: row!.input, resolution: 'accept-newer' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/no client credential.*vmark connect/s);
  } finally {
    await forged.close();
  }
  expect((await mcpEdges()).map((e) => e.state)).toEqual(['version-stale']);
});

test('Check records the person\'s verdict: "Contradicts" makes the edge stale-contradicted', async () => {
  const stale = edge('chapter.md', 'elena.md');
  await stale.getByLabel('Check against the newer upstream').selectOption('contradiction');
  await stale.getByRole('button', { name: 'Record check' }).click();
  await expect(stale).toHaveAttribute('data-state', 'stale-contradicted');
  expect(await mcpEdges()).toEqual([expect.objectContaining({ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'stale-contradicted' })]);
  const checks = (await ledgerLines()).filter((l) => l.kind === 'check-result');
  expect(checks).toEqual([expect.objectContaining({ body: expect.objectContaining({ verdict: 'contradiction', actor: { type: 'human' } }) })]);
});

test('Waive needs a reason; with one the edge is waived', async () => {
  const stale = edge('chapter.md', 'elena.md');
  await stale.getByRole('button', { name: 'Waive' }).click();
  await expect(stale.getByRole('alert')).toHaveText(/A waiver needs a reason/);
  await expect(stale).toHaveAttribute('data-state', 'stale-contradicted');
  await stale.getByLabel('Reason to waive').fill('the chapter is set before her eyes changed');
  await stale.getByRole('button', { name: 'Waive' }).click();
  await expect(stale).toHaveAttribute('data-state', 'waived');
  expect((await mcpEdges()).map((e) => e.state)).toEqual(['waived']);
});

test('Accept newer makes the edge fresh again', async () => {
  const waived = edge('chapter.md', 'elena.md');
  await waived.getByRole('button', { name: 'Accept newer' }).click();
  await expect(panel.getByRole('list', { name: 'Fresh edges' }).getByRole('listitem', { name: 'chapter.md from elena.md' })).toHaveAttribute('data-state', 'fresh-ratified');
  await expect(panel.getByText('Every derived document is up to date with its sources.')).toBeVisible();
  expect(await mcpEdges()).toEqual([]);
});

test('Delegation: the person grants a named client accept-newer with the 7-day default expiry, then revokes it', async () => {
  const delegation = panel.getByRole('region', { name: 'Delegation' });
  const expires = delegation.getByLabel('Expires');
  const inSevenDays = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(expires).toHaveValue(inSevenDays);
  await delegation.getByLabel('Client').fill('claude-code');
  await delegation.getByRole('button', { name: 'Grant' }).click();
  const grants = delegation.getByRole('list', { name: 'Grants' });
  await expect(grants.getByRole('listitem')).toHaveText([/claude-code: accept newer · until/]);
  const granted = (await ledgerLines()).filter((l) => l.kind === 'delegation');
  expect(granted).toEqual([expect.objectContaining({ body: expect.objectContaining({ delegate: { type: 'external', id: 'claude-code' }, scope: ['resolve.accept-newer'] }) })]);
  expect(new Date(granted[0]!.body.expires as string).toISOString().slice(0, 10)).toBe(inSevenDays);

  await delegation.getByRole('button', { name: 'Revoke claude-code' }).click();
  await expect(grants.getByRole('listitem')).toHaveCount(0);
  await expect(delegation.getByText('No client holds a delegation.')).toBeVisible();
});

test('the Coherence panel has no serious axe finding', async () => {
  const results = await new AxeBuilder({ page }).include('.coherence-panel').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('CRS-RESOLVE-01 CRS-RESOLVE-02 CRS-RESOLVE-04 CRS-RESOLVE-06 a client the person delegated to by name resolves within its scope only; the panel\'s audit log shows what it did', async () => {
  const config = path.join(stack.root, 'claude-code.json');
  const connect = spawnSync(process.execPath, [VMARK, 'connect', 'claude-code', '--config', config], { env: { ...process.env, ...stack.env }, encoding: 'utf8' });
  expect(connect.status, connect.stderr).toBe(0);
  const token = JSON.parse(fs.readFileSync(config, 'utf8')).mcpServers.vmark.env.VMARK_MCP_TOKEN as string;
  const claude = await connectAi({ ...stack.env, VMARK_MCP_TOKEN: token }, [], 'claude-code');
  try {
    await typeAndSave('elena.md', '\nShe wears a red coat.');
    const [row] = await mcpEdges();
    expect(row).toMatchObject({ downstream_path: 'chapter.md', state: 'version-stale' });
    const args = { action: 'resolve', workspace_root: SCRATCH, txf: row!.txf, input: row!.input };
    const none = await claude.call('coherence_resolve', { ...args, resolution: 'accept-newer' });
    expect(textOf(none)).toMatch(/claude-code holds no delegation in this workspace; ask the user/);

    const delegation = panel.getByRole('region', { name: 'Delegation' });
    await delegation.getByLabel('Client').fill('claude-code');
    await delegation.getByRole('checkbox', { name: 'Accept newer' }).uncheck();
    await delegation.getByRole('checkbox', { name: 'Waive' }).check();
    await delegation.getByRole('button', { name: 'Grant' }).click();
    await expect(delegation.getByRole('list', { name: 'Grants' }).getByRole('listitem')).toHaveText([/claude-code: waive · until/]);

    const wrongScope = await claude.call('coherence_resolve', { ...args, resolution: 'accept-newer' });
    expect(textOf(wrongScope)).toMatch(/covers resolve\.waive, not resolve\.accept-newer/);
    const waived = await claude.ok<{ resolution: string; delegation: string; entry: string }>('coherence_resolve', { ...args, resolution: 'waive', reason: 'the coat is not in this chapter' });
    expect(waived).toMatchObject({ resolution: 'waive', delegation: expect.any(String), entry: expect.any(String) });
    expect((await mcpEdges()).map((e) => e.state)).toEqual(['waived']);
    const waiver = (await ledgerLines()).find((l) => l.kind === 'waiver' && (l.body.actor as { id?: string }).id === 'claude-code');
    expect(waiver?.body).toMatchObject({ actor: { type: 'external', id: 'claude-code' }, delegation: waived.delegation, reason: 'the coat is not in this chapter' });
    expect(waiver?.body.expires).toBeUndefined();

    await panel.getByRole('button', { name: 'Close coherence' }).click();
    await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Coherence' }).click();
    await expect(panel.getByRole('list', { name: 'Audit log' }).getByRole('listitem')).toHaveText([/claude-code waived elena\.md \(the coat is not in this chapter\)/]);
    await expect(edge('chapter.md', 'elena.md')).toHaveAttribute('data-state', 'waived');
  } finally {
    await claude.close();
  }
});

test('an AI write is captured as the model\'s, inferred from what its connection read since its last write', async () => {
  await writeOpfsFiles(page, 'scratch', { 'summary.md': '# Summary\n' });
  const elena = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `${SCRATCH}/elena.md` });
  await ai.ok('document', { action: 'read', tabId: elena.tabId });
  const summary = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `${SCRATCH}/summary.md` });
  await ai.ok('document', { action: 'write', tabId: summary.tabId, content: '# Summary\n\nElena, grey-eyed, in a red coat.\n' });
  expect(await readScratch('summary.md')).toBe('# Summary\n\nElena, grey-eyed, in a red coat.\n');
  const write = (await ledgerLines()).filter((l) => l.kind === 'transformation').at(-1);
  // this connection read chapter.md (the first test) and elena.md since it last wrote: both are inputs
  expect(write?.body).toMatchObject({ agent: { type: 'model' }, confidence: 'inferred' });
  expect(write?.body.inputs).toHaveLength(2);
  await ai.ok('workspace', { action: 'switch_tab', tabId: summary.tabId });
  await expect(edge('summary.md', 'elena.md')).toHaveAttribute('data-state', 'fresh');
  await expect(edge('summary.md', 'chapter.md')).toHaveAttribute('data-state', 'fresh');

  // the next write starts afresh: with nothing read since, it names no new sources and keeps the pins
  await ai.ok('document', { action: 'write', tabId: summary.tabId, content: '# Summary\n\nElena, grey-eyed.\n' });
  const next = (await ledgerLines()).filter((l) => l.kind === 'transformation').at(-1);
  expect(next?.body).toMatchObject({ agent: { type: 'model' }, confidence: 'inferred' });
  expect((next?.body.inputs as { object: string }[]).map((i) => i.object).sort()).toEqual((write?.body.inputs as { object: string }[]).map((i) => i.object).sort());
});

test('COH-EDGES-01 a rename in the app keeps the identity: the source renamed in the file tree and then edited still shows its derived documents stale', async () => {
  page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept('heroine.md') : dialog.accept()));
  await page.getByRole('treeitem', { name: 'elena.md' }).getByRole('button').click();
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Rename' }).click();
  await expect.poll(() => readScratch('heroine.md')).not.toBeNull();
  // a new text at the new path: only the recorded rename can tell it is the same document
  await writeOpfsFiles(page, 'scratch', { 'heroine.md': '# Elena\n\nElena has violet eyes.\n' });
  const rows = await mcpEdges();
  expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ upstream_path: 'heroine.md', downstream_path: 'summary.md', state: 'version-stale' })]));
  expect(rows.some((r) => r.upstream_path === 'elena.md')).toBe(false);
});

/** A file of the Scratch folder removed from the page (outside the app, the way a page-side change reaches OPFS). */
const removeScratch = (name: string) =>
  page.evaluate(async (file) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('scratch');
    const parts = file.split('/');
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    await dir.removeEntry(parts.at(-1)!);
  }, name);

test('COH-EDGES-01 outside the app: an edit of a Scratch document is found by edges; moved and edited, it keeps its identity (a new revision at its new path)', async () => {
  const chapter = (await readScratch('chapter.md'))!;
  await writeOpfsFiles(page, 'scratch', { 'chapter.md': `${chapter}\nShe smiled.\n` });
  expect(await mcpEdges()).toEqual(expect.arrayContaining([expect.objectContaining({ upstream_path: 'chapter.md', downstream_path: 'summary.md', state: 'version-stale' })]));
  const registered = (path: string) => ledgerLines().then((lines) => lines.filter((l) => l.kind === 'object-registered' && l.body.path === path).map((l) => l.body.object));
  const [id] = await registered('chapter.md');
  const revisions = async () => (await ledgerLines()).filter((l) => l.kind === 'transformation' && (l.body.outputs as { object: string }[])[0]!.object === id).length;
  const before = await revisions();

  // moved into a folder and edited in the same go, outside the app
  await writeOpfsFiles(page, 'scratch', { 'chapters/chapter-3.md': `${chapter}\nShe smiled.\nThen she left.\n` });
  await removeScratch('chapter.md');
  const rows = await mcpEdges();
  expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ upstream_path: 'chapters/chapter-3.md', downstream_path: 'summary.md', state: 'version-stale' })]));
  expect(rows.some((r) => r.upstream_path === 'chapter.md' || r.downstream_path === 'chapter.md')).toBe(false);
  expect(await registered('chapters/chapter-3.md')).toEqual([id]);
  expect(await revisions()).toBe(before + 1);
  expect((await ledgerLines()).at(-1)?.body).toMatchObject({ agent: { type: 'external' }, intent: { summary: 'chapter.md moved to chapters/chapter-3.md and edited outside VMark' } });
});

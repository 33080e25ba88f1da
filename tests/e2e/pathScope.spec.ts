// Adversarial paths through the whole stack (MCP SDK client → vmark mcp → host → extension →
// editor → host's native folder): the one path rule refuses each with the seed's INVALID_PATH,
// and nothing outside the workspace is read or written.

import fs from 'node:fs';
import path from 'node:path';
import { textOf } from './support/mcpClient';
import { expect, test } from './support/fixtures';

test('WSP-01 WSP-02 WSP-OPEN-03 WSP-SAVEAS-01 adversarial paths: .., encoded dots, a prefix sibling, symlinks out of the native workspace are refused and touch nothing outside', async ({ stack, ai }) => {
  const ws = stack.workspace;
  const outside = path.join(stack.root, 'outside');
  const sibling = `${ws}x`; // shares the root's prefix
  fs.mkdirSync(outside);
  fs.mkdirSync(sibling);
  fs.writeFileSync(path.join(outside, 'secret.md'), 'secret outside\n');
  fs.writeFileSync(path.join(sibling, 'secret.md'), 'secret sibling\n');
  fs.mkdirSync(path.join(ws, 'notes'));
  fs.writeFileSync(path.join(ws, 'notes', 'n.md'), 'inside\n');
  fs.symlinkSync(outside, path.join(ws, 'link-out'));
  fs.symlinkSync(path.join(outside, 'created.md'), path.join(ws, 'dangle-out'));
  const outsideBefore = fs.readdirSync(outside).sort();

  const opens = [
    `${ws}/notes/../../outside/secret.md`,
    `${ws}/%2e%2e/outside/secret.md`,
    `${ws}/notes/%2E%2E/%2e%2e/outside/secret.md`,
    `${sibling}/secret.md`,
    `${ws}/link-out/secret.md`,
    `${ws}/notes/..\\..\\outside\\secret.md`,
    `${ws}/notes/\uff0e\uff0e/\uff0e\uff0e/outside/secret.md`,
  ];
  for (const filePath of opens) {
    const result = await ai.call('workspace', { action: 'open', filePath });
    expect(result.structuredContent, filePath).toMatchObject({ error: 'INVALID_PATH' });
    expect(textOf(result), filePath).not.toContain('secret outside');
    expect(textOf(result), filePath).not.toContain('secret sibling');
  }

  // the same rule lets the harmless spellings of an inside path through
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `${ws}//notes/./n.md` });
  await stack.page.evaluate(() => localStorage.setItem('vmark.settings', JSON.stringify({ autoApproveNewLocation: true })));
  await ai.ok('document', { action: 'write', tabId, content: 'written by the ai\n', save: false });

  const saves = [
    `${ws}/link-out/written.md`,
    `${ws}/dangle-out`,
    `${ws}/../outside/written.md`,
    `${sibling}/written.md`,
    `${ws}/%2e%2e/outside/written.md`,
  ];
  for (const filePath of saves) {
    const result = await ai.call('workspace', { action: 'save_as', tabId, filePath });
    expect(result.structuredContent, filePath).toMatchObject({ error: 'INVALID_PATH' });
  }
  expect(fs.readdirSync(outside).sort()).toEqual(outsideBefore);
  expect(fs.readFileSync(path.join(outside, 'secret.md'), 'utf8')).toBe('secret outside\n');
  expect(fs.readdirSync(sibling)).toEqual(['secret.md']);
  // the unsaved text is still in the tab: a refusal loses nothing
  expect(await ai.ok('document', { action: 'read', tabId })).toMatchObject({ content: 'written by the ai\n', dirty: true });

  // and an inside target is written (the refusals above are the rule, not a broken save_as)
  await ai.ok('workspace', { action: 'save_as', tabId, filePath: `${ws}/notes/./kept.md` });
  expect(fs.readFileSync(path.join(ws, 'notes', 'kept.md'), 'utf8')).toBe('written by the ai\n');
});

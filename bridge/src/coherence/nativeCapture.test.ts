import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIdentity } from '@vmark/shared/lib/coherence/index';
import type { SaveCause } from '@vmark/shared/protocol/messages';
import { runService } from '../host/nativeFolders';
import { edgesAction } from '../host/actions/coherence/edges';
import { useServedWorkspace } from '../host/servedWorkspace.testing';

const served = useServedWorkspace('vmark-capture-', 'ws');

const person: SaveCause = { by: 'person' };
const agent = (inputs: string[]): SaveCause => ({ by: 'agent', principal: { connectionId: 'conn-1', clientName: 'claimed-name', identity: { kind: 'named', id: 'cursor' } }, inputs });
const write = (rel: string, content: string, cause?: SaveCause) => runService({ op: 'fs.write', path: path.join(served.path, rel), content, ...(cause ? { cause } : {}) });
const ledgerLines = () =>
  fs
    .readdirSync(path.join(served.path, '.vmark', 'ledger'))
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => fs.readFileSync(path.join(served.path, '.vmark', 'ledger', n), 'utf8').trim().split('\n'))
    .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> });

describe('capture of saves into a native folder (host fs.write)', () => {
  it('captures the person\'s save in any served folder: the file written byte for byte as sent, .vmark/ created at the first capture; files that are not documents or have no cause are not captured', async () => {
    await write('a.comments.json', '{}', person);
    await write('b.md', 'no cause\n');
    expect(fs.readFileSync(path.join(served.path, 'a.comments.json'), 'utf8')).toBe('{}');
    expect(fs.readFileSync(path.join(served.path, 'b.md'), 'utf8')).toBe('no cause\n');
    expect(fs.existsSync(path.join(served.path, '.vmark'))).toBe(false);
    await write('a.md', 'Elena has green eyes.\r\n', person);
    expect(fs.readFileSync(path.join(served.path, 'a.md'), 'utf8')).toBe('Elena has green eyes.\r\n');
    expect(fs.readFileSync(path.join(served.path, '.vmark', '.gitattributes'), 'utf8')).toContain('merge=union');
    await write('a.md', 'Elena has grey eyes.\n', person);
    const lines = ledgerLines();
    const txfs = lines.filter((l) => l.kind === 'transformation');
    expect(txfs).toHaveLength(2);
    expect(txfs[0]!.body).toMatchObject({ agent: { type: 'human' }, confidence: 'exact' });
    // one document: registered once, both revisions of the same object
    expect(lines.filter((l) => l.kind === 'object-registered').map((l) => l.body.path)).toEqual(['a.md']);
    const objects = txfs.map((t) => (t.body.outputs as { object: string }[])[0]!.object);
    expect(objects[1]).toBe(objects[0]);
    expect(readIdentity(fs.readFileSync(path.join(served.path, 'a.md'), 'utf8')).kind).toBe('none');
  });

  it('a rename through the host keeps the document\'s identity at the new path, even with text changed before the next scan', async () => {
    fs.mkdirSync(path.join(served.path, 'notes'));
    await write('notes/elena.md', 'Elena has green eyes.\n', person);
    await write('chapter.md', 'Her green eyes.\n', agent([path.join(served.path, 'notes/elena.md')]));
    await runService({ op: 'fs.rename', from: path.join(served.path, 'notes'), to: path.join(served.path, 'people') });
    fs.writeFileSync(path.join(served.path, 'people/elena.md'), 'Elena has grey eyes.\n');
    const answer = await edgesAction.run({ principal: { connectionId: 'c', clientName: 't' } }, { workspace_root: served.path });
    expect(answer).toMatchObject({ kind: 'ok', data: [{ upstream_path: 'people/elena.md', downstream_path: 'chapter.md', state: 'version-stale' }] });
  });

  it('an MCP write derives from what the connection read: the credential names the agent, never the claimed name; edges shows it stale after the upstream moves', async () => {
    await write('elena.md', 'Elena has green eyes.\n', person);
    await write('chapter.md', 'Her green eyes.\n', agent([path.join(served.path, 'elena.md'), '/elsewhere/x.md']));
    const derived = ledgerLines().filter((l) => l.kind === 'transformation')[1]!;
    expect(derived.body).toMatchObject({ agent: { type: 'model', id: 'cursor' }, confidence: 'inferred', inputs: [expect.objectContaining({ role: 'direct' })] });
    const edges = () => edgesAction.run({ principal: { connectionId: 'c', clientName: 't' } }, { workspace_root: served.path });
    expect(await edges()).toEqual({ kind: 'ok', data: [] });
    await write('elena.md', 'Elena has grey eyes.\n', person);
    expect(await edges()).toMatchObject({ kind: 'ok', data: [{ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale' }] });
  });

  it('the person\'s "Derived from…" save carries its declared inputs: human, exact, intent derive', async () => {
    await write('sheet.md', 'Elena has green eyes.\n', person);
    await write('summary.md', 'Her green eyes.\n', { by: 'person', inputs: [path.join(served.path, 'sheet.md'), path.join(served.path, 'summary.md')] });
    const derived = ledgerLines().filter((l) => l.kind === 'transformation')[1]!;
    expect(derived.body).toMatchObject({ agent: { type: 'human' }, confidence: 'exact', intent: { kind: 'derive' }, inputs: [expect.objectContaining({ role: 'direct' })] });
  });
});

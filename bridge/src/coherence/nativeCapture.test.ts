import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readIdentity } from '@vmark/shared/lib/coherence/index';
import type { SaveCause } from '@vmark/shared/protocol/messages';
import { runService } from '../host/nativeFolders';
import { edgesAction } from '../host/actions/coherence/edges';

let root = '';
let ws = '';
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-capture-')));
  ws = path.join(root, 'ws');
  fs.mkdirSync(path.join(root, 'state'));
  fs.mkdirSync(ws);
  fs.writeFileSync(path.join(root, 'state', 'native-roots.json'), JSON.stringify([ws]));
  vi.stubEnv('VMARK_STATE_DIR', path.join(root, 'state'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});

const person: SaveCause = { by: 'person' };
const agent = (inputs: string[]): SaveCause => ({ by: 'agent', principal: { connectionId: 'conn-1', clientName: 'claimed-name', identity: { kind: 'named', id: 'cursor' } }, inputs });
const write = (rel: string, content: string, cause?: SaveCause) => runService({ op: 'fs.write', path: path.join(ws, rel), content, ...(cause ? { cause } : {}) });
const ledgerLines = () =>
  fs
    .readdirSync(path.join(ws, '.vmark', 'ledger'))
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => fs.readFileSync(path.join(ws, '.vmark', 'ledger', n), 'utf8').trim().split('\n'))
    .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> });

describe('capture of saves into a native folder (host fs.write)', () => {
  it('captures the person\'s save in any served folder: the file written byte for byte as sent, .vmark/ created at the first capture; files that are not documents or have no cause are not captured', async () => {
    await write('a.comments.json', '{}', person);
    await write('b.md', 'no cause\n');
    expect(fs.readFileSync(path.join(ws, 'a.comments.json'), 'utf8')).toBe('{}');
    expect(fs.readFileSync(path.join(ws, 'b.md'), 'utf8')).toBe('no cause\n');
    expect(fs.existsSync(path.join(ws, '.vmark'))).toBe(false);
    await write('a.md', 'Elena has green eyes.\r\n', person);
    expect(fs.readFileSync(path.join(ws, 'a.md'), 'utf8')).toBe('Elena has green eyes.\r\n');
    expect(fs.readFileSync(path.join(ws, '.vmark', '.gitattributes'), 'utf8')).toContain('merge=union');
    await write('a.md', 'Elena has grey eyes.\n', person);
    const lines = ledgerLines();
    const txfs = lines.filter((l) => l.kind === 'transformation');
    expect(txfs).toHaveLength(2);
    expect(txfs[0]!.body).toMatchObject({ agent: { type: 'human' }, confidence: 'exact' });
    // one document: registered once, both revisions of the same object
    expect(lines.filter((l) => l.kind === 'object-registered').map((l) => l.body.path)).toEqual(['a.md']);
    const objects = txfs.map((t) => (t.body.outputs as { object: string }[])[0]!.object);
    expect(objects[1]).toBe(objects[0]);
    expect(readIdentity(fs.readFileSync(path.join(ws, 'a.md'), 'utf8')).kind).toBe('none');
  });

  it('a rename through the host keeps the document\'s identity at the new path, even with text changed before the next scan', async () => {
    fs.mkdirSync(path.join(ws, 'notes'));
    await write('notes/elena.md', 'Elena has green eyes.\n', person);
    await write('chapter.md', 'Her green eyes.\n', agent([path.join(ws, 'notes/elena.md')]));
    await runService({ op: 'fs.rename', from: path.join(ws, 'notes'), to: path.join(ws, 'people') });
    fs.writeFileSync(path.join(ws, 'people/elena.md'), 'Elena has grey eyes.\n');
    const answer = await edgesAction.run({ principal: { connectionId: 'c', clientName: 't' } }, { workspace_root: ws });
    expect(answer).toMatchObject({ kind: 'ok', data: [{ upstream_path: 'people/elena.md', downstream_path: 'chapter.md', state: 'version-stale' }] });
  });

  it('an MCP write derives from what the connection read: the credential names the agent, never the claimed name; edges shows it stale after the upstream moves', async () => {
    await write('elena.md', 'Elena has green eyes.\n', person);
    await write('chapter.md', 'Her green eyes.\n', agent([path.join(ws, 'elena.md'), '/elsewhere/x.md']));
    const derived = ledgerLines().filter((l) => l.kind === 'transformation')[1]!;
    expect(derived.body).toMatchObject({ agent: { type: 'model', id: 'cursor' }, confidence: 'inferred', inputs: [expect.objectContaining({ role: 'direct' })] });
    const edges = () => edgesAction.run({ principal: { connectionId: 'c', clientName: 't' } }, { workspace_root: ws });
    expect(await edges()).toEqual({ kind: 'ok', data: [] });
    await write('elena.md', 'Elena has grey eyes.\n', person);
    expect(await edges()).toMatchObject({ kind: 'ok', data: [{ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale' }] });
  });

  it('the person\'s "Derived from…" save carries its declared inputs: human, exact, intent derive', async () => {
    await write('sheet.md', 'Elena has green eyes.\n', person);
    await write('summary.md', 'Her green eyes.\n', { by: 'person', inputs: [path.join(ws, 'sheet.md'), path.join(ws, 'summary.md')] });
    const derived = ledgerLines().filter((l) => l.kind === 'transformation')[1]!;
    expect(derived.body).toMatchObject({ agent: { type: 'human' }, confidence: 'exact', intent: { kind: 'derive' }, inputs: [expect.objectContaining({ role: 'direct' })] });
  });
});

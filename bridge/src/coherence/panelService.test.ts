import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentGrants, type PanelView } from '@vmark/shared/lib/coherence/index';
import { runService } from '../host/nativeFolders';
import { kernelFor } from './workspaceKernels';

let root = '';
let workspace = '';
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-coh-panel-')));
  workspace = path.join(root, 'book');
  fs.mkdirSync(path.join(root, 'state'), { recursive: true });
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(root, 'state', 'native-roots.json'), JSON.stringify([workspace]));
  vi.stubEnv('VMARK_STATE_DIR', path.join(root, 'state'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});

const panel = (method: string, args: unknown[] = [], at = workspace) => runService({ op: 'coherence.panel', root: at, method, args });

describe('the Coherence panel of a native folder, served by the host', () => {
  it('answers on the same kernel the coherence tools use; the first ledger write (a grant) creates .vmark/', async () => {
    expect(((await panel('panel')) as { data: PanelView }).data.tracked).toBe(false);
    expect(fs.existsSync(path.join(workspace, '.vmark'))).toBe(false);
    const granted = (await panel('grant', [{ delegate: 'claude-code', scope: ['accept-newer'], expires: new Date(Date.now() + 86_400_000).toISOString() }])) as { ok: true; data: string };
    expect(granted.ok).toBe(true);
    expect(fs.statSync(path.join(workspace, '.vmark')).isDirectory()).toBe(true);
    const view = ((await panel('panel')) as { data: PanelView }).data;
    expect(view.grants.map((g) => [g.delegate, g.delegation])).toEqual([['claude-code', granted.data]]);
    expect(currentGrants((await kernelFor(workspace)).index).map((g) => g.body.delegation)).toEqual([granted.data]);
  });

  it('refuses a root the host does not serve, a method the panel does not have, and args that are not a list', async () => {
    const elsewhere = fs.mkdtempSync(path.join(root, 'other-'));
    await expect(panel('panel', [], elsewhere)).rejects.toMatchObject({ code: 'NOT_SERVED', message: expect.stringContaining('vmark start --workspace') });
    await expect(panel('resolve', [])).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(runService({ op: 'coherence.panel', root: workspace, method: 'panel', args: 'x' as unknown as unknown[] })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(panel('panel', [], 'book')).rejects.toMatchObject({ code: 'INVALID_PATH' });
  });
});

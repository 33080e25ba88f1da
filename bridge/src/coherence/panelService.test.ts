import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentGrants, type PanelView } from '@vmark/shared/lib/coherence/index';
import { runService } from '../host/nativeFolders';
import { kernelFor } from './workspaceKernels';
import { useServedWorkspace } from '../host/servedWorkspace.testing';

const served = useServedWorkspace('vmark-coh-panel-');

const panel = (method: string, args: unknown[] = [], at = served.path) => runService({ op: 'coherence.panel', root: at, method, args });

describe('the Coherence panel of a native folder, served by the host', () => {
  it('answers on the same kernel the coherence tools use; the first ledger write (a grant) creates .vmark/', async () => {
    expect(((await panel('panel')) as { data: PanelView }).data.tracked).toBe(false);
    expect(fs.existsSync(path.join(served.path, '.vmark'))).toBe(false);
    const granted = (await panel('grant', [{ delegate: 'claude-code', scope: ['accept-newer'], expires: new Date(Date.now() + 86_400_000).toISOString() }])) as { ok: true; data: string };
    expect(granted.ok).toBe(true);
    expect(fs.statSync(path.join(served.path, '.vmark')).isDirectory()).toBe(true);
    const view = ((await panel('panel')) as { data: PanelView }).data;
    expect(view.grants.map((g) => [g.delegate, g.delegation])).toEqual([['claude-code', granted.data]]);
    expect(currentGrants((await kernelFor(served.path)).index).map((g) => g.body.delegation)).toEqual([granted.data]);
  });

  it('refuses a root the host does not serve, a method the panel does not have, and args that are not a list', async () => {
    const elsewhere = fs.mkdtempSync(path.join(served.root, 'other-'));
    await expect(panel('panel', [], elsewhere)).rejects.toMatchObject({ code: 'NOT_SERVED', message: expect.stringContaining('vmark start --workspace') });
    await expect(panel('resolve', [])).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(runService({ op: 'coherence.panel', root: served.path, method: 'panel', args: 'x' as unknown as unknown[] })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(panel('panel', [], 'book')).rejects.toMatchObject({ code: 'INVALID_PATH' });
  });
});

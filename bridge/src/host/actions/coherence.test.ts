import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { grantDelegation, saveWithCapture } from '@vmark/shared/lib/coherence/index';
import type { ClientPrincipal } from '@vmark/shared/protocol/messages';
import { kernelFor } from '../../coherence/workspaceKernels';
import { claimsAction } from './coherence/claims';
import { contextsAction } from './coherence/contexts';
import { edgesAction } from './coherence/edges';
import { statusAction } from './coherence/status';
import { resolveAction } from './coherenceResolve/resolve';
import type { HostAction } from './defineHostAction';
import { useServedWorkspace } from '../servedWorkspace.testing';

const as = (identity?: ClientPrincipal) => ({ principal: { connectionId: 'conn-1', clientName: 'test', ...(identity ? { identity } : {}) } });
const call = (handler: HostAction, args: Record<string, unknown>, identity?: ClientPrincipal) => handler.run(as(identity), args);

const served = useServedWorkspace('vmark-coh-actions-');

async function staleWorkspace() {
  const kernel = await kernelFor(served.path);
  const save = (rel: string, content: string, inputs: string[] = []) =>
    saveWithCapture(kernel, { path: rel, content, inputs, agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' });
  const elena = (await save('elena.md', 'Elena has green eyes.\n')).written;
  await save('chapter.md', 'Her green eyes.\n', ['elena.md']);
  fs.writeFileSync(path.join(served.path, 'elena.md'), elena.replace('green', 'grey'));
  return kernel;
}

describe('coherence actions on a native folder (host side)', () => {
  it('COH-07 COH-08 CRS-RESOLVE-10 workspace_root missing, relative, not a directory, or not served: a plain string error', async () => {
    fs.writeFileSync(path.join(served.root, 'file.md'), 'x');
    expect(await call(statusAction, {})).toEqual({ kind: 'text', text: expect.stringMatching(/^workspace_root is required/) });
    expect(await call(edgesAction, { workspace_root: 'book' })).toEqual({ kind: 'text', text: 'workspace_root must be an absolute path, got book' });
    expect(await call(claimsAction, { workspace_root: path.join(served.root, 'file.md') })).toEqual({ kind: 'text', text: expect.stringMatching(/is not a directory/) });
    expect(await call(contextsAction, { workspace_root: path.join(served.root, 'nope') })).toEqual({ kind: 'text', text: expect.stringMatching(/is not a directory/) });
    expect(await call(statusAction, { workspace_root: served.root })).toEqual({ kind: 'text', text: expect.stringMatching(/is not a directory VMark serves; open it with `vmark start --workspace/) });
    expect(await call(resolveAction, { workspace_root: 'x', txf: 't', input: 0, resolution: 'accept-newer' }, { kind: 'named', id: 'cursor' })).toMatchObject({ kind: 'text' });
  });

  it('COH-STATUS-01 COH-EDGES-01 COH-EDGES-02 COH-CTX-02: status, edges, claims and contexts answer from the kernel with no editor', async () => {
    expect(await call(statusAction, { workspace_root: served.path })).toEqual({ kind: 'ok', data: { initialized: false, objects: 0, open_items: 0, quarantined: 0, writer: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    await staleWorkspace();
    const edges = await call(edgesAction, { workspace_root: served.path });
    expect(edges).toMatchObject({ kind: 'ok', data: [{ upstream_path: 'elena.md', downstream_path: 'chapter.md', state: 'version-stale' }] });
    expect(await call(statusAction, { workspace_root: served.path })).toMatchObject({ kind: 'ok', data: { initialized: true, objects: 2, open_items: 1 } });
    expect(await call(claimsAction, { workspace_root: served.path })).toEqual({ kind: 'ok', data: [] });
    expect(await call(contextsAction, { workspace_root: served.path })).toMatchObject({ kind: 'ok', data: [{ name: 'default', enforcement: 'greenhouse' }] });
  });

  it('CRS-RESOLVE-02 CRS-RESOLVE-04: refused for an anonymous caller; accepted for the named client holding a grant, audited', async () => {
    const kernel = await staleWorkspace();
    const edges = (await call(edgesAction, { workspace_root: served.path })) as { kind: 'ok'; data: { txf: string; input: number }[] };
    const [edge] = edges.data;
    const args = { workspace_root: served.path, txf: edge!.txf, input: edge!.input, resolution: 'waive' as const, reason: 'eye colour is not in the scene' };
    expect(await call(resolveAction, args)).toEqual({ kind: 'text', text: expect.stringMatching(/no client credential.*vmark connect/) });
    await grantDelegation(kernel, { delegate: 'cursor', scope: ['resolve.waive'] });
    expect(await call(resolveAction, args, { kind: 'named', id: 'cursor' })).toMatchObject({ kind: 'ok', data: { resolution: 'waive', delegation: expect.any(String) } });
    expect(await call(edgesAction, { workspace_root: served.path })).toMatchObject({ kind: 'ok', data: [{ state: 'waived' }] });
    const ledger = fs.readdirSync(path.join(served.path, '.vmark', 'ledger')).filter((n) => n.endsWith('.jsonl'));
    const lines = ledger.flatMap((n) => fs.readFileSync(path.join(served.path, '.vmark', 'ledger', n), 'utf8').trim().split('\n')).map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.kind === 'waiver')).toEqual([expect.objectContaining({ body: expect.objectContaining({ actor: { type: 'external', id: 'cursor' }, delegation: expect.any(String) }) })]);
  });

  it('ERR-05 WRITE_BUSY: resolve waits at most 3 s behind another write of the workspace, then is refused as a plain string and not run', async () => {
    const kernel = await staleWorkspace();
    const [edge] = ((await call(edgesAction, { workspace_root: served.path })) as { kind: 'ok'; data: { txf: string; input: number }[] }).data;
    await grantDelegation(kernel, { delegate: 'cursor', scope: ['resolve.accept-newer'] });
    let release: () => void = () => undefined;
    const held = kernel.writes.run(() => new Promise<void>((resolve) => (release = resolve)));
    const busy = await call(resolveAction, { workspace_root: served.path, txf: edge!.txf, input: edge!.input, resolution: 'accept-newer' }, { kind: 'named', id: 'cursor' });
    release();
    await held;
    expect(busy).toEqual({ kind: 'text', text: expect.stringMatching(/^WRITE_BUSY: .*retry/) });
    expect(await call(edgesAction, { workspace_root: served.path })).toMatchObject({ kind: 'ok', data: [{ state: 'version-stale' }] });
  }, 15_000);
});

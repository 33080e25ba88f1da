import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeAtHost } from './routeAtHost';

let root = '';
let served = '';
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-route-')));
  served = path.join(root, 'served');
  fs.mkdirSync(path.join(root, 'state'));
  fs.mkdirSync(served);
  fs.mkdirSync(path.join(root, 'other'));
  fs.writeFileSync(path.join(root, 'file.md'), 'x');
  fs.writeFileSync(path.join(root, 'state', 'native-roots.json'), JSON.stringify([served]));
  vi.stubEnv('VMARK_STATE_DIR', path.join(root, 'state'));
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('routing at the host by the owner table', () => {
  it('COH-04 answers a BY_FOLDER action here for a native folder it serves (and a folder inside it)', () => {
    expect(routeAtHost('coherence', 'edges', { workspace_root: served })).toMatchObject({ kind: 'here', handler: { tool: 'coherence', action: 'edges' } });
    fs.mkdirSync(path.join(served, 'sub'), { recursive: true });
    expect(routeAtHost('coherence_resolve', 'resolve', { workspace_root: path.join(served, 'sub') })).toMatchObject({ kind: 'here' });
  });

  it('passes a BY_FOLDER action on to the editor for a folder it does not serve or that is not on disk (Scratch, picked folders)', () => {
    expect(routeAtHost('coherence', 'status', { workspace_root: path.join(root, 'other') })).toEqual({ kind: 'forward' });
    expect(routeAtHost('coherence', 'status', { workspace_root: '/vmark-scratch' })).toEqual({ kind: 'forward' });
  });

  it('COH-08 refuses a workspace_root that is missing, relative or a file with a plain string that says what to pass', () => {
    expect(routeAtHost('coherence', 'claims', {})).toEqual({ kind: 'refused', outcome: { kind: 'text', text: expect.stringMatching(/^workspace_root is required/) } });
    expect(routeAtHost('coherence', 'claims', { workspace_root: 'book' })).toEqual({ kind: 'refused', outcome: { kind: 'text', text: 'workspace_root must be an absolute path, got book' } });
    expect(routeAtHost('coherence', 'claims', { workspace_root: path.join(root, 'file.md') })).toEqual({
      kind: 'refused',
      outcome: { kind: 'text', text: expect.stringMatching(/is not a directory.*session\.get_state/) },
    });
  });

  it('passes every editor and extension action on untouched', () => {
    expect(routeAtHost('document', 'read', { filePath: path.join(served, 'a.md') })).toEqual({ kind: 'forward' });
    expect(routeAtHost('browser', 'open', { workspace_root: served })).toEqual({ kind: 'forward' });
  });
});

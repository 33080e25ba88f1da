import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorOrigins, registerEditorPort } from './editorOrigins';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-origins-'));
  vi.stubEnv('VMARK_RUNTIME_DIR', dir);
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('editor origins', () => {
  it('always include the default port, plus every live registered server until it unregisters', () => {
    expect(editorOrigins()).toEqual(['http://127.0.0.1:47321', 'http://localhost:47321']);
    const unregister = registerEditorPort(51234);
    expect(editorOrigins()).toEqual(['http://127.0.0.1:47321', 'http://localhost:47321', 'http://127.0.0.1:51234', 'http://localhost:51234']);
    unregister();
    expect(editorOrigins()).not.toContain('http://127.0.0.1:51234');
  });

  it('ignore registrations of processes that are gone, and files that name no editor', () => {
    fs.mkdirSync(path.join(dir, 'editors'));
    fs.writeFileSync(path.join(dir, 'editors', 'dead.json'), JSON.stringify({ pid: 2 ** 22 + 12345, port: 50001 }));
    fs.writeFileSync(path.join(dir, 'editors', 'junk.json'), '{ not json');
    fs.writeFileSync(path.join(dir, 'editors', 'noport.json'), JSON.stringify({ pid: process.pid, port: 'x' }));
    expect(editorOrigins()).toEqual(['http://127.0.0.1:47321', 'http://localhost:47321']);
  });
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallRequest } from '@vmark/shared';
import { parse } from 'jsonc-parser/lib/esm/main.js';
import { FrameDecoder } from '../host/frames';
import { HostClient } from '../mcp/hostClient';
import { resolveClientPrincipal } from './credentials';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VMARK = path.join(repo, 'bridge', 'dist', 'vmark.mjs');

const temps: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (): string => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-client-')));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  vi.unstubAllEnvs();
  for (const child of children.splice(0)) child.kill();
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function vmark(home: string, ...args: string[]) {
  return spawnSync(process.execPath, [VMARK, ...args], {
    encoding: 'utf8',
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), VMARK_STATE_DIR: path.join(home, 'state') },
  });
}

const tokenIn = (file: string, key: 'mcpServers' | 'servers'): string => parse(fs.readFileSync(file, 'utf8'))[key].vmark.env.VMARK_MCP_TOKEN;

describe('vmark connect (real config files)', () => {
  it('writes Cursor\'s mcp.json keeping every other key and comment, with a credential the host resolves to cursor', () => {
    const home = tempDir();
    const file = path.join(home, '.cursor', 'mcp.json');
    fs.mkdirSync(path.dirname(file));
    const before = '{\n  // my servers\n  "mcpServers": {\n    "other": { "command": "other-mcp" }, // keep me\n  },\n  "theme": "dark"\n}\n';
    fs.writeFileSync(file, before);
    const run = vmark(home, 'connect', 'cursor');
    expect(run.status, run.stderr).toBe(0);
    const after = fs.readFileSync(file, 'utf8');
    expect(after).toContain('// my servers');
    // the new entry goes in after the last one; the comment that followed it stays on its line
    expect(after).toContain('    "other": { "command": "other-mcp" },\n    "vmark": {');
    expect(after).toContain('    }, // keep me\n  },\n  "theme": "dark"\n}\n');
    expect(after).toContain('"theme": "dark"');
    const token = tokenIn(file, 'mcpServers');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(resolveClientPrincipal(token, path.join(home, 'state'))).toEqual({ kind: 'named', id: 'cursor' });
    // the store keeps only a digest of the token
    expect(fs.readFileSync(path.join(home, 'state', 'client-credentials.json'), 'utf8')).not.toContain(token);
  });

  it('creates Claude Code\'s and VS Code\'s configs; running it again replaces the credential', () => {
    const home = tempDir();
    expect(vmark(home, 'connect', 'claude-code').status).toBe(0);
    const claude = path.join(home, '.claude.json');
    const first = tokenIn(claude, 'mcpServers');
    expect(JSON.parse(fs.readFileSync(claude, 'utf8')).mcpServers.vmark).toMatchObject({ type: 'stdio', command: process.execPath, args: ['--max-semi-space-size=1', '--no-opt', expect.stringMatching(/vmark\.mjs$/), 'mcp'] });
    expect(vmark(home, 'connect', 'claude-code').status).toBe(0);
    const second = tokenIn(claude, 'mcpServers');
    expect(second).not.toBe(first);
    expect(resolveClientPrincipal(first, path.join(home, 'state'))).toEqual({ kind: 'unrecognised' });
    expect(resolveClientPrincipal(second, path.join(home, 'state'))).toEqual({ kind: 'named', id: 'claude-code' });
    expect(vmark(home, 'connect', 'vscode').status).toBe(0);
    expect(tokenIn(path.join(home, '.config', 'Code', 'User', 'mcp.json'), 'servers')).toMatch(/^[0-9a-f]{64}$/);
    expect(vmark(home, 'connect', 'claude-desktop', '--config', path.join(home, 'desktop.json')).status).toBe(0);
    expect(tokenIn(path.join(home, 'desktop.json'), 'mcpServers')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a config it cannot parse, leaving it byte for byte and the old credential valid', () => {
    const home = tempDir();
    expect(vmark(home, 'connect', 'cursor').status).toBe(0);
    const file = path.join(home, '.cursor', 'mcp.json');
    const token = tokenIn(file, 'mcpServers');
    const broken = `${fs.readFileSync(file, 'utf8')}\n{ oops`;
    fs.writeFileSync(file, broken);
    const run = vmark(home, 'connect', 'cursor');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is not valid JSON \(\w+ on line \d+\); nothing was changed/);
    expect(fs.readFileSync(file, 'utf8')).toBe(broken);
    expect(resolveClientPrincipal(token, path.join(home, 'state'))).toEqual({ kind: 'named', id: 'cursor' });
    expect(vmark(home, 'connect', 'emacs').stderr).toMatch(/one of claude-code, claude-desktop, cursor, vscode/);
  });
});

describe('the host resolves the principal from the credential, never from the client name', () => {
  it('anonymous without a credential, unrecognised with a foreign one, named with a minted one (a forged clientInfo name changes nothing)', async () => {
    const home = tempDir();
    expect(vmark(home, 'connect', 'cursor').status).toBe(0);
    const minted = tokenIn(path.join(home, '.cursor', 'mcp.json'), 'mcpServers');
    const runtime = path.join(home, 'run');
    vi.stubEnv('VMARK_RUNTIME_DIR', runtime);
    vi.stubEnv('VMARK_STATE_DIR', path.join(home, 'state'));
    const host = spawn(process.execPath, [VMARK, 'host'], { env: { ...process.env, VMARK_RUNTIME_DIR: runtime, VMARK_STATE_DIR: path.join(home, 'state') }, stdio: ['pipe', 'pipe', 'inherit'] });
    children.push(host);
    const calls: CallRequest[] = [];
    const decoder = new FrameDecoder();
    host.stdout?.on('data', (chunk: Buffer) => {
      for (const frame of decoder.push(chunk)) {
        const message = frame.kind === 'message' ? (frame.message as CallRequest) : null;
        if (message?.type === 'call') calls.push(message);
      }
    });
    const deadline = Date.now() + 40_000;
    while (!fs.existsSync(path.join(runtime, 'host.json')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    const identityOf = async (token: string | undefined) => {
      const client = new HostClient(() => 'claude-code', token);
      client.start();
      while (!client.connected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const before = calls.length;
      void client.call('session', 'get_state', {}, { retryable: false });
      while (calls.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      client.stop();
      return calls.at(-1)?.principal;
    };
    expect(await identityOf(undefined)).toMatchObject({ clientName: 'claude-code', identity: { kind: 'anonymous' } });
    expect(await identityOf('f'.repeat(64))).toMatchObject({ identity: { kind: 'unrecognised' } });
    expect(await identityOf(minted)).toMatchObject({ clientName: 'claude-code', identity: { kind: 'named', id: 'cursor' } });
  }, 60_000);
});

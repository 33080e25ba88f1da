// Every command of README.md, run the way the README writes it (`npx vmark …` from the repository),
// read out of the README itself so that it cannot drift from what works.

import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { REPO_ROOT } from './support/paths';

const README = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const run = promisify(execFile);

/** The README's inline `vmark …` commands (with or without npx), as written. */
const COMMANDS = [...README.matchAll(/`((?:npx )?vmark [^`]+)`/g)].map((match) => match[1]!);
/** A README command as argv for npx: placeholders filled, optional `[…]` parts left out. */
function argv(command: string, fill: Record<string, string> = {}): string[] {
  const words = command.replace(/\[[^\]]*\]/g, '').trim().split(/\s+/);
  return words.slice(words[0] === 'npx' ? 1 : 0).map((word) => fill[word] ?? word);
}
const readmeCommand = (prefix: string) => {
  const found = COMMANDS.find((command) => command.replace(/^npx /, '').startsWith(prefix));
  if (!found) throw new Error(`README.md no longer has a \`${prefix}\` command`);
  return found;
};

/** Env of one isolated installation: its own home, state and runtime dirs. */
function isolated(): { root: string; env: Record<string, string> } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-readme-'));
  const env = { HOME: root, VMARK_STATE_DIR: path.join(root, 'state'), VMARK_RUNTIME_DIR: path.join(root, 'run'), VMARK_ACTIONLINT: 'off' };
  return { root, env };
}

async function stdioClient(command: string, args: string[], env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'readme-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd: REPO_ROOT, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' }));
  return client;
}

async function payload<T>(client: Client, tool: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name: tool, arguments: args })) as { isError?: boolean; content: { type: string; text?: string }[] };
  const text = result.content.filter((c) => c.type === 'text').at(-1)?.text ?? 'null';
  if (result.isError) throw new Error(`${tool} failed: ${text}`);
  return JSON.parse(text) as T;
}

/** Output of a long-running command until `done` matches it. */
function outputUntil(child: ChildProcess, done: RegExp, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what} printed no ${done}: ${out}`)), 60_000);
    const take = (data: Buffer) => {
      out += data.toString();
      if (done.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}: ${out}`)));
  });
}

/** Ctrl+C as in a terminal: to the whole process group (npx, vmark and the browser it started). */
async function stop(child: ChildProcess): Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!running() || child.pid === undefined) return;
  const group = -child.pid;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(group, 'SIGINT');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  try {
    process.kill(group, 'SIGKILL'); // whatever of the group is still there
  } catch {
    // the whole group has exited
  }
}

test.describe('README commands', () => {
  test.describe.configure({ timeout: 180_000 });

  test('npx vmark --help runs, and lists every command and option the README writes', async () => {
    const { stdout } = await run('npx', ['--no-install', 'vmark', '--help'], { cwd: REPO_ROOT });
    expect(stdout).toMatch(/^vmark \d+\.\d+\.\d+/);
    expect(COMMANDS.length).toBeGreaterThan(8);
    for (const command of COMMANDS) {
      const subcommand = argv(command)[1];
      expect(stdout, command).toMatch(new RegExp(`^\\s+vmark ${subcommand}\\b`, 'm'));
      for (const option of command.match(/--[a-z-]+/g) ?? []) expect(stdout, `${command}: ${option}`).toContain(option);
    }
  });

  test('npx vmark install --browser chrome registers the host; npx vmark doctor then says ok for it and how to fix the rest', async () => {
    const { root, env } = isolated();
    try {
      const install = argv(readmeCommand('vmark install --browser chrome'));
      await run('npx', ['--no-install', ...install], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
      const doctor = await run('npx', ['--no-install', ...argv(readmeCommand('vmark doctor'))], { cwd: REPO_ROOT, env: { ...process.env, ...env } }).catch(
        (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
      );
      expect(doctor.stdout).toMatch(/^ok\s+chrome\b/m);
      expect(doctor.stdout).toMatch(/^ok\s+node\b/m);
      const lines = doctor.stdout.split('\n');
      lines.forEach((line, index) => {
        if (line.startsWith('FAIL')) expect(lines[index + 1], line).toMatch(/^\s+fix: /);
      });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('npx vmark mcp --headless --workspace DIR serves a plain MCP SDK client that opens a file of DIR', async () => {
    const { root, env } = isolated();
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-readme-ws-')));
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n\nhello\n');
    const client = await stdioClient('npx', ['--no-install', ...argv(readmeCommand('vmark mcp --headless'), { DIR: dir })], env);
    try {
      const { tabId } = await payload<{ tabId: string }>(client, 'workspace', { action: 'open', filePath: path.join(dir, 'notes.md') });
      expect((await payload<{ content: string }>(client, 'document', { action: 'read', tabId })).content).toBe('# Notes\n\nhello\n');
    } finally {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('npx vmark mcp --http [--port N] prints its URL and token; the SDK client connects as the README\'s VS Code snippet says', async () => {
    const { root, env } = isolated();
    const args = [...argv(readmeCommand('vmark mcp --http')), '--port', '0'];
    const child = spawn('npx', ['--no-install', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const out = await outputUntil(child, /Authorization: Bearer \S+/, 'vmark mcp --http');
      const url = /http:\/\/127\.0\.0\.1:\d+\/mcp\b/.exec(out)?.[0];
      const token = /Authorization: Bearer (\S+)/.exec(out)?.[1];
      expect(url, out).toBeDefined();
      const snippet = jsonSnippets().find((json) => JSON.stringify(json).includes('"type":"http"')) as { servers: { vmark: { url: string; headers: Record<string, string> } } };
      expect(new URL(snippet.servers.vmark.url).pathname).toBe(new URL(url!).pathname);
      const headers = Object.fromEntries(Object.entries(snippet.servers.vmark.headers).map(([name, value]) => [name, value.replace('<token>', token!)]));
      const client = new Client({ name: 'readme-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url!), { requestInit: { headers } }));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('workspace');
      await client.close();
    } finally {
      await stop(child);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('the README\'s JSON snippets are valid and name files that exist; npx vmark start prints them for this installation, and the printed ones and `npx vmark mcp` connect', async () => {
    for (const json of jsonSnippets()) {
      const server = (json as { mcpServers?: Record<string, Server>; servers?: Record<string, Server> }).mcpServers?.vmark ?? (json as { servers: Record<string, Server> }).servers.vmark;
      expect(server).toBeDefined();
      if (!server?.args) continue;
      // node flags (LEAN_NODE_FLAGS) come before the entry
      const entry = server.args.find((arg) => !arg.startsWith('--'))!;
      expect(fs.existsSync(entry.replace('/path/to/vmark-web', REPO_ROOT)), entry).toBe(true);
    }
    const { root, env } = isolated();
    const child = spawn('npx', ['--no-install', ...argv(readmeCommand('vmark start')), '--port', '0'], { cwd: REPO_ROOT, env: { ...process.env, ...env, DISPLAY: '', WAYLAND_DISPLAY: '' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const out = await outputUntil(child, /VS Code[^\n]*\n[\s\S]*\n  \}\n/, 'vmark start');
      const printed = [...out.matchAll(/\n(  \{\n[\s\S]*?\n  \})\n/g)].map((match) => JSON.parse(match[1]!) as Record<string, Record<string, Server>>);
      expect(printed).toHaveLength(2);
      const desktop = printed[0]!.mcpServers!.vmark!;
      expect(fs.existsSync(desktop.args!.find((arg) => !arg.startsWith('--'))!), out).toBe(true);
      expect(printed[1]!.servers!.vmark).toMatchObject({ type: 'stdio', command: desktop.command, args: desktop.args });
      const [claudeCommand, ...claudeArgs] = /claude mcp add vmark -- (.+)/.exec(out)![1]!.trim().split(' ');
      expect([claudeCommand, claudeArgs]).toEqual([desktop.command, desktop.args]);

      await expect.poll(() => fs.existsSync(env.VMARK_RUNTIME_DIR!), { timeout: 60_000 }).toBe(true);
      const readmeClaudeCode = /`claude mcp add vmark -- (npx vmark mcp)`/.exec(README)![1]!;
      for (const [command, args] of [[desktop.command!, desktop.args!], ['npx', ['--no-install', ...argv(readmeClaudeCode)]]] as const) {
        const client = await stdioClient(command, [...args], env);
        try {
          await expect.poll(async () => (await payload<{ windows: unknown[] }>(client, 'session', { action: 'get_state' }).catch(() => ({ windows: [] }))).windows.length, { timeout: 60_000 }).toBeGreaterThan(0);
        } finally {
          await client.close();
        }
      }
    } finally {
      await stop(child);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

interface Server {
  command?: string;
  args?: string[];
}

function jsonSnippets(): unknown[] {
  return [...README.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1]!.replace(/^\s+/gm, '')));
}

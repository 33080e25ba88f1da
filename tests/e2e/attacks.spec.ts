/// <reference types="chrome" />
// Issue 17: every attack on the three local endpoints — `vmark mcp --http`, the host's socket and the
// extension's editor port — tried against the real processes; prints "N attacks, 0 accepted".

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { EXTENSION_ID, NATIVE_HOST_NAME, WIRE_VERSION } from '@vmark/shared';
import { AttackLedger, endlessLine, endlessPost, rawPost, socketExchange, trickledPost } from './support/attacks';
import { startHttpMcp } from './support/httpMcp';
import { connectAi } from './support/mcpClient';
import { BROWSER, BROWSER_FLAGS, VMARK } from './support/paths';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';
import { expect, test } from '@playwright/test';

const REBIND_NAMES = ['evil.example', '127.0.0.1.evil.example', 'localhost.evil.example'];

/** What a page learns when it tries to connect to the extension as an editor. */
interface PortProbe {
  runtime: boolean;
  messages: unknown[];
  disconnected: boolean;
}

function probeEditorPort(page: Page, extId: string): Promise<PortProbe> {
  return page.evaluate(
    (id) =>
      new Promise<PortProbe>((resolve) => {
        if (typeof chrome === 'undefined' || !chrome.runtime?.connect) return resolve({ runtime: false, messages: [], disconnected: true });
        const messages: unknown[] = [];
        const port = chrome.runtime.connect(id, { name: 'vmark-editor' });
        port.onMessage.addListener((m) => messages.push(m));
        port.onDisconnect.addListener(() => resolve({ runtime: true, messages, disconnected: true }));
        port.postMessage({ type: 'register', label: 'impostor' });
        port.postMessage({ type: 'service', id: 'svc-1', request: { op: 'editor.origins' } });
        setTimeout(() => resolve({ runtime: true, messages, disconnected: false }), 3_000);
      }),
    extId,
  );
}

/** A loopback server of someone else: any path answers a blank page. */
async function startOtherServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>VMark</title><p>not an editor</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe.configure({ mode: 'serial' });

let stack: Stack;
const ledger = new AttackLedger();

useSharedStack({ browserArgs: [`--host-resolver-rules=${REBIND_NAMES.map((name) => `MAP ${name} 127.0.0.1`).join(', ')}`] }, (shared) => {
  stack = shared.stack;
});

test('SEC attacks on vmark mcp --http: foreign, null and other-port Origin, rebinding Host, missing/short/wrong/query token, oversized, endless and trickled bodies are all refused', async () => {
  const server = await startHttpMcp(stack.env);
  try {
    const { port } = new URL(server.url);
    const auth = { authorization: `Bearer ${server.token}` };
    const tries: [string, string, Record<string, string>][] = [
      ['foreign Origin', server.url, { ...auth, origin: 'http://evil.example' }],
      ['null Origin', server.url, { ...auth, origin: 'null' }],
      ['Origin of another loopback port', server.url, { ...auth, origin: 'http://127.0.0.1:1' }],
      ['https Origin of the listener', server.url, { ...auth, origin: `https://127.0.0.1:${port}` }],
      ...REBIND_NAMES.map((name): [string, string, Record<string, string>] => [`Host ${name} (DNS rebinding)`, server.url, { ...auth, host: `${name}:${port}` }]),
      ['Host of a LAN name', server.url, { ...auth, host: `printer.local:${port}` }],
      ['missing token', server.url, {}],
      ['short token (a prefix of the real one)', server.url, { authorization: `Bearer ${server.token.slice(0, 8)}` }],
      ['wrong token of the same length', server.url, { authorization: `Bearer ${'x'.repeat(server.token.length)}` }],
      ['token without the Bearer scheme', server.url, { authorization: server.token }],
      ['token in the query string (?token=)', `${server.url}?token=${server.token}`, {}],
      ['token in the query string (?access_token=)', `${server.url}?access_token=${server.token}`, {}],
    ];
    for (const [attack, url, headers] of tries) {
      const status = await rawPost(url, headers);
      ledger.record('http', attack, status === 0 || (status >= 200 && status < 300), `HTTP ${status}`);
    }
    // the listener is really open to the right caller: the same request with the token passes
    expect(await rawPost(server.url, auth)).toBe(200);

    const oversized = await rawPost(server.url, auth, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(40 * 1024 * 1024) } }));
    ledger.record('http', 'oversized body (40 MB declared, with the token)', oversized > 0 && oversized < 400, oversized === 0 ? 'dropped' : `HTTP ${oversized}`);
    const cap = 128 * 1024 * 1024;
    for (const [attack, headers] of [
      ['never-ending body with the token', auth],
      ['never-ending body without a token', {}],
    ] as const) {
      const endless = await endlessPost(server.url, headers, cap);
      const bounded = endless.dropped || (endless.status !== null && endless.status >= 400);
      ledger.record('http', attack, !bounded || endless.bytesSent >= cap, `${endless.status === null ? (endless.dropped ? 'dropped' : 'no answer') : `HTTP ${endless.status}`} after ${(endless.bytesSent / 1048576).toFixed(1)} MB`);
    }
    // a slowloris: one byte every 200 ms would hold the connection for Node's 300 s request timeout
    const giveUpMs = 25_000;
    const trickled = await trickledPost(server.url, auth, 200, giveUpMs);
    ledger.record('http', 'body trickled a byte every 200 ms, with the token', !trickled.answered, trickled.answered ? `${trickled.status === null ? 'dropped' : `HTTP ${trickled.status}`} after ${(trickled.ms / 1000).toFixed(1)} s` : `still reading after ${giveUpMs / 1000} s`);
    expect(server.child.exitCode).toBeNull();
  } finally {
    server.child.kill();
  }
});

test('SEC attacks on the host socket: no hello, missing/short/wrong token, replayed hello, an endless line before hello and a client of another user are all refused', async () => {
  const runtime = JSON.parse(fs.readFileSync(path.join(stack.env.VMARK_RUNTIME_DIR!, 'host.json'), 'utf8')) as { socket: string; token: string };
  const { socket, token } = runtime;
  const hello = (t: unknown) => ({ type: 'hello', token: t, wire: WIRE_VERSION, clientName: 'attacker' });
  const call = { type: 'call', id: 'c1', tool: 'session', action: 'get_state', args: { action: 'get_state' } };
  const admitted = (replies: { type: string }[]) => replies.some((r) => r.type === 'welcome' || r.type === 'result');
  const cases: [string, unknown[]][] = [
    ['call without hello', [call]],
    ['hello without a token', [{ type: 'hello', wire: WIRE_VERSION, clientName: 'attacker' }, call]],
    ['hello with a short token', [hello(token.slice(0, 8)), call]],
    ['hello with a wrong token', [hello('0'.repeat(token.length)), call]],
    ['hello with a token that is not a string', [hello({ toString: token }), call]],
    ['a line that is not JSON', ['{"type":"hello",', call]],
  ];
  for (const [attack, lines] of cases) {
    const { replies } = await socketExchange(socket, lines);
    ledger.record('socket', attack, admitted(replies), replies.map((r) => r.reason ?? r.type).join(', ') || 'no answer');
  }

  // a replayed hello: a client that got in says hello again (to take a new connection id and name)
  const replay = await socketExchange(socket, [hello(token), { ...hello(token), clientName: 'someone else' }]);
  ledger.record('socket', 'replayed hello on a welcomed connection', replay.replies.filter((r) => r.type === 'welcome').length > 1, replay.replies.map((r) => r.reason ?? r.type).join(', '));

  const cap = 64 * 1024 * 1024;
  const written = await endlessLine(socket, cap);
  ledger.record('socket', 'never-ending line before hello', written === null || written >= cap, written === null ? 'never closed' : `closed after ${(written / 1024).toFixed(0)} KB`);

  // another user on the same machine (nobody): may neither connect nor read the token
  const asNobody = (script: string) =>
    spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', script], { encoding: 'utf8', timeout: 10_000 });
  const connect = asNobody(`require('net').connect(${JSON.stringify(socket)}).on('connect',()=>{console.log('connected');process.exit(0)}).on('error',(e)=>{console.log(e.code);process.exit(0)})`);
  // the attack really ran as nobody: it ends with a connection or an errno, not a missing setpriv
  expect(connect.stdout.trim()).toMatch(/^(connected|E[A-Z]+)$/);
  ledger.record('socket', 'client of another user id (nobody)', connect.stdout.trim() === 'connected', connect.stdout.trim() || connect.stderr.trim());
  const read = asNobody(`try{require('fs').readFileSync(${JSON.stringify(path.join(stack.env.VMARK_RUNTIME_DIR!, 'host.json'))});console.log('read')}catch(e){console.log(e.code)}`);
  expect(read.stdout.trim()).toMatch(/^(read|E[A-Z]+)$/);
  ledger.record('socket', 'another user id reads the token file', read.stdout.trim() === 'read', read.stdout.trim() || read.stderr.trim());

  // the host still serves its own client after all of it
  const ai = await connectAi(stack.env);
  expect((await ai.ok<{ windows: unknown[] }>('session', { action: 'get_state' })).windows).toHaveLength(1);
  await ai.close();
});

test('SEC attacks on the editor port: pages of another loopback server, a rebinding name and the editor under a foreign name may not act as an editor', async () => {
  test.setTimeout(180_000);
  // the extension's fixed id (its manifest key): the worker may be idle-stopped by now, and a page's connect wakes it
  const extId = EXTENSION_ID;
  const other = await startOtherServer();
  const ai = await connectAi(stack.env);
  try {
    const editorPort = new URL(stack.editorUrl).port;
    const pages: [string, string][] = [
      ['page of another loopback server (127.0.0.1)', `http://127.0.0.1:${other.port}/`],
      ['page of another loopback server (localhost)', `http://localhost:${other.port}/editor`],
      ...REBIND_NAMES.map((name): [string, string] => [`the editor under the rebinding name ${name}`, `http://${name}:${editorPort}/`]),
    ];
    for (const [attack, url] of pages) {
      const page = await stack.context.newPage();
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const probe = await probeEditorPort(page, extId);
      ledger.record('editor port', attack, probe.messages.length > 0 || !probe.disconnected, probe.runtime ? `${probe.messages.length} messages, ${probe.disconnected ? 'disconnected' : 'left open'}` : 'no chrome.runtime for this page');
      await page.close();
    }
    const windows = (await ai.ok<{ windows: { label: string }[] }>('session', { action: 'get_state' })).windows.map((w) => w.label);
    ledger.record('editor port', 'an impostor appears among the editor windows', windows.length !== 1, windows.join(', '));
  } finally {
    await ai.close();
    await other.close();
  }
});

test('SEC another extension may not start the native host', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-intruder-'));
  const extDir = path.join(root, 'ext');
  fs.mkdirSync(extDir);
  fs.writeFileSync(path.join(extDir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'intruder', version: '1.0', permissions: ['nativeMessaging'], background: { service_worker: 'sw.js' } }));
  fs.writeFileSync(path.join(extDir, 'sw.js'), '// connects from the test through evaluate\n');
  const profile = path.join(root, 'profile');
  const install = spawnSync(process.execPath, [VMARK, 'install', '--profile', profile], { env: { ...process.env, ...stack.env }, encoding: 'utf8' });
  expect(install.status).toBe(0);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: BROWSER,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [`--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, ...BROWSER_FLAGS],
    env: { ...(process.env as Record<string, string>), ...stack.env },
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const outcome = await worker.evaluate(
      (host) =>
        new Promise<{ messages: number; error: string }>((resolve) => {
          let messages = 0;
          const port = chrome.runtime.connectNative(host);
          port.onMessage.addListener(() => messages++);
          port.onDisconnect.addListener(() => resolve({ messages, error: chrome.runtime.lastError?.message ?? 'disconnected' }));
          setTimeout(() => resolve({ messages, error: 'left open' }), 5_000);
        }),
      NATIVE_HOST_NAME,
    );
    ledger.record('native messaging', 'another extension id connects to the host', outcome.messages > 0, `${outcome.messages} messages, ${outcome.error}`);
  } finally {
    await context.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('SEC a hello recorded before the host restarted is refused by its successor (the token is per host start)', async () => {
  const runtimeFile = path.join(stack.env.VMARK_RUNTIME_DIR!, 'host.json');
  const before = JSON.parse(fs.readFileSync(runtimeFile, 'utf8')) as { pid: number; token: string };
  const ai = await connectAi(stack.env);
  try {
    process.kill(before.pid, 'SIGKILL');
    // the extension starts a new host for the next call
    await expect.poll(async () => (await ai.call('session', { action: 'get_state' })).isError ?? false, { timeout: 30_000 }).toBe(false);
    const successor = JSON.parse(fs.readFileSync(runtimeFile, 'utf8')) as { socket: string; token: string };
    expect(successor.token).not.toBe(before.token);
    const call = { type: 'call', id: 'c1', tool: 'session', action: 'get_state', args: { action: 'get_state' } };
    const replayed = await socketExchange(successor.socket, [{ type: 'hello', token: before.token, wire: WIRE_VERSION, clientName: 'attacker' }, call]);
    ledger.record('socket', 'hello of the previous host start replayed after a host restart', replayed.replies.some((r) => r.type === 'welcome' || r.type === 'result'), replayed.replies.map((r) => r.reason ?? r.type).join(', ') || 'no answer');
  } finally {
    await ai.close();
  }
});

test('SEC no attack was accepted (the figures)', () => {
  console.log(ledger.summary());
  expect(ledger.outcomes.length).toBeGreaterThanOrEqual(30);
  expect(ledger.accepted).toEqual([]);
});

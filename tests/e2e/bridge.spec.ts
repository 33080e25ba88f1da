import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { EXTENSION_ID, HOP_NOOP_METHOD, OFFERED_ACTIONS, NATIVE_HOST_NAME, notOfferedActions } from '@vmark/shared';
import { connectAi, textOf } from './support/mcpClient';
import { expect, test } from './support/fixtures';

test('GEN-03 tools/list shows the offered tools with titles, annotations and action schemas', async ({ ai }) => {
  const { tools } = await ai.client.listTools();
  expect(tools.map((t) => t.name)).toEqual([...OFFERED_ACTIONS.keys()]);
  for (const tool of tools) {
    expect(tool.title).toBeTruthy();
    expect(tool.description).toBeTruthy();
    const schema = tool.inputSchema as unknown as { properties: { action: { enum: string[] } }; required: string[] };
    expect(schema.required).toContain('action');
    // an action without a handler is not offered
    expect([...schema.properties.action.enum].sort()).toEqual([...(OFFERED_ACTIONS.get(tool.name) ?? [])].sort());
  }
  // titles and descriptions name only what is served
  const listed = JSON.stringify(tools);
  for (const [tool, actions] of notOfferedActions()) {
    for (const action of actions) expect(listed, `${tool}.${action} is not offered`).not.toMatch(new RegExp(`\\b${tool}\\.${action}\\b`));
  }
  const session = tools.find((t) => t.name === 'session');
  expect(session?.annotations?.readOnlyHint).toBe(true);
  const workspace = tools.find((t) => t.name === 'workspace');
  expect(workspace?.annotations?.readOnlyHint).toBe(false);
});

test('BRR-01 GEN-04 COH-05 BRR-QUERY-05 BRR-EXTRACT-07 BRR-WAITFOR-05 annotations are per tool: browser_read is read-only, browser is destructive, both open-world', async ({ ai }) => {
  const { tools } = await ai.client.listTools();
  const annotations = (name: string) => tools.find((t) => t.name === name)?.annotations;
  expect(annotations('browser_read')).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  expect(annotations('browser')).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
  // read-only exactly where nothing changes
  expect(tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name).sort()).toEqual(['browser_read', 'coherence', 'session']);
  // COH-05: the one mutating coherence action lives in its own, destructive tool
  expect(annotations('coherence_resolve')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  const readActions = (tools.find((t) => t.name === 'browser_read')?.inputSchema as unknown as { properties: { action: { enum: string[] } } }).properties.action.enum;
  expect(readActions).toEqual(expect.arrayContaining(['read', 'screenshot', 'query', 'extract', 'console', 'wait', 'wait_for']));
});

test('GEN-05 BRR-02 split by "does this change anything?": only browser and coherence_resolve are destructive; the ARIA snapshot is on read-only browser_read, execute_js only on browser', async ({ ai }) => {
  const { tools } = await ai.client.listTools();
  const actionsOf = (name: string) => (tools.find((t) => t.name === name)?.inputSchema as unknown as { properties: { action: { enum: string[] } } }).properties.action.enum;
  expect(tools.filter((t) => t.annotations?.destructiveHint === true).map((t) => t.name).sort()).toEqual(['browser', 'coherence_resolve']);
  expect(actionsOf('browser_read')).toContain('read');
  expect(actionsOf('browser_read')).not.toContain('execute_js');
  expect(actionsOf('browser')).toContain('execute_js');
  expect(actionsOf('browser')).not.toContain('read');
});

test('the vmark/noop request (the benches\' floor) crosses every hop to the editor window and back, and is no tool', async ({ stack, ai }) => {
  const noop = () => ai.client.request({ method: HOP_NOOP_METHOD, params: {} } as never, EmptyResultSchema);
  await expect(noop()).resolves.toEqual({});
  expect((await ai.client.listTools()).tools.map((t) => t.name)).not.toContain(HOP_NOOP_METHOD);
  // without the editor window there is nothing to reach: the bridge says so instead of answering
  await stack.page.close();
  await expect(noop()).rejects.toThrow(/did not reach an editor window/);
});

test('ERR-02 an argument-shape error is one plain sentence, not an envelope', async ({ ai }) => {
  const result = await ai.call('workspace', { action: 'open' });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(textOf(result)).toMatch(/filePath/);
  expect(() => JSON.parse(textOf(result))).toThrow();
});

test('a stopped extension worker is woken by the next call and answers', async ({ stack, ai }) => {
  await ai.ok('session', { action: 'get_state' });
  const cdp = await stack.context.newCDPSession(stack.page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const state = await ai.ok<{ windows: { label: string }[] }>('session', { action: 'get_state' });
  expect(state.windows.map((w) => w.label)).toEqual(['main']);
});

test('killing the host gives an actionable error; the next call after the host restarts works', async ({ stack, ai }) => {
  await ai.ok('session', { action: 'get_state' });
  const manifest = path.join(stack.root, 'profile', 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`);
  const saved = fs.readFileSync(manifest);
  // without its manifest the browser cannot start a new host, so the outage lasts until it is back
  fs.rmSync(manifest);
  const runtime = JSON.parse(fs.readFileSync(path.join(stack.env.VMARK_RUNTIME_DIR as string, 'host.json'), 'utf8')) as { pid: number };
  process.kill(runtime.pid, 'SIGKILL');
  const started = Date.now();
  const failed = await ai.call('session', { action: 'get_state' });
  expect(failed.isError).toBe(true);
  expect(textOf(failed)).toMatch(/vmark (start|doctor)/);
  expect(Date.now() - started).toBeLessThan(8_000);
  fs.writeFileSync(manifest, saved);
  await expect.poll(async () => (await ai.call('session', { action: 'get_state' })).isError ?? false, { timeout: 15_000 }).toBe(false);
});

test('no host at all: the call fails at once with an actionable error', async () => {
  const empty = fs.mkdtempSync(path.join('/tmp', 'vmark-nohost-'));
  const ai = await connectAi({ VMARK_RUNTIME_DIR: path.join(empty, 'run'), VMARK_STATE_DIR: path.join(empty, 'state') });
  try {
    const started = Date.now();
    const result = await ai.call('session', { action: 'get_state' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('vmark start');
  } finally {
    await ai.close();
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('a page of another loopback server cannot act as an editor: the extension drops its port unanswered', async ({ stack, ai }) => {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Some local dev server</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const page = await stack.context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    const heard = await page.evaluate(
      (extensionId) =>
        new Promise<{ messages: unknown[]; disconnected: boolean }>((resolve) => {
          const runtime = (globalThis as unknown as { chrome: { runtime: { connect(id: string, info: { name: string }): chrome.runtime.Port } } }).chrome.runtime;
          const port = runtime.connect(extensionId, { name: 'vmark-editor' });
          const messages: unknown[] = [];
          port.onMessage.addListener((message: unknown) => messages.push(message));
          port.onDisconnect.addListener(() => resolve({ messages, disconnected: true }));
          port.postMessage({ type: 'register', label: 'intruder' });
          port.postMessage({ type: 'service', id: 'x1', request: { op: 'roots.list' } });
          setTimeout(() => resolve({ messages, disconnected: false }), 8_000);
        }),
      EXTENSION_ID,
    );
    expect(heard).toEqual({ messages: [], disconnected: true });
    const state = await ai.ok<{ windows: { label: string }[] }>('session', { action: 'get_state' });
    expect(state.windows.map((w) => w.label)).toEqual(['main']);
  } finally {
    server.close();
  }
});

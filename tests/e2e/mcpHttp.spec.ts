// `vmark mcp --http`: the same MCP server over Streamable HTTP on 127.0.0.1, for clients that want a
// URL. The SDK client connects with the bearer token; everything else is refused before MCP sees it.

import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from './support/fixtures';
import { startHttpMcp } from './support/httpMcp';

/** A raw POST, to see what the listener answers before any MCP handling. */
function post(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
  });
}

test('vmark mcp --http serves the tools over Streamable HTTP with a bearer token; other hosts, origins and callers are refused', async ({ stack }) => {
  const server = await startHttpMcp(stack.env);
  try {
    const client = new Client({ name: 'http-ai', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('document');
    const state = (await client.callTool({ name: 'session', arguments: { action: 'get_state' } })) as CallToolResult;
    expect(state.isError ?? false).toBe(false);
    expect((state.structuredContent as { windows: { label: string }[] }).windows.map((w) => w.label)).toEqual(['main']);
    const created = (await client.callTool({ name: 'workspace', arguments: { action: 'new' } })) as CallToolResult;
    expect((created.structuredContent as { tabId: string }).tabId).toMatch(/^tab-/);
    await client.close();

    const { port } = new URL(server.url);
    expect(await post(server.url, {})).toBe(401);
    expect(await post(server.url, { authorization: 'Bearer wrong' })).toBe(401);
    expect(await post(server.url, { authorization: `Bearer ${server.token}`, origin: 'http://evil.example' })).toBe(403);
    expect(await post(server.url, { authorization: `Bearer ${server.token}`, origin: 'http://127.0.0.1:1' })).toBe(403);
    // DNS rebinding: a name that points at 127.0.0.1 arrives with its own Host header
    expect(await post(server.url, { authorization: `Bearer ${server.token}`, host: `rebind.example:${port}` })).toBe(403);
    expect(await post(server.url, { authorization: `Bearer ${server.token}` })).toBe(200);
  } finally {
    server.child.kill();
  }
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, EmptyResultSchema, ErrorCode, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer, type ToolCaller } from './server';

/** The server in process with the real SDK client, as the AI; the caller stands in for the host. */
async function connected(caller: ToolCaller): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(caller).connect(serverTransport);
  const client = new Client({ name: 'unit-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

describe('createMcpServer', () => {
  it('ERR-07 answers a failure of the bridge itself with the INTERNAL envelope, without its stack', async () => {
    const broken = {
      call: async () => {
        const error = new Error('socket hang up');
        error.stack = 'Error: socket hang up\n    at Socket.onclose (/usr/lib/node_modules/vmark/dist/vmark.mjs:10:20)';
        throw error;
      },
    };
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer(broken).connect(serverTransport);
    const client = new Client({ name: 'unit-test', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      const result = (await client.callTool({ name: 'session', arguments: { action: 'get_state' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toEqual({ error: 'INTERNAL', message: expect.stringContaining('session.get_state failed unexpectedly: socket hang up.') });
      expect(JSON.stringify(result)).not.toContain('vmark.mjs');
    } finally {
      await client.close();
    }
  });

  it('SEC an argument key the SDK schema refuses ("constructor") gets one sentence naming the field, not a zod dump', async () => {
    const calls: string[] = [];
    const caller = { call: async (tool: string, action: string) => (calls.push(`${tool}.${action}`), { kind: 'ok' as const, data: {} }) };
    const client = await connected(caller);
    try {
      for (const key of ['constructor', '__proto__', 'toString']) {
        const result = (await client.callTool({ name: 'document', arguments: JSON.parse(`{"action":"read","${key}":1}`) as Record<string, unknown> })) as CallToolResult;
        expect(result.isError).toBe(true);
        expect(result.content).toEqual([{ type: 'text', text: `document.read: unknown argument \`${key}\`; valid arguments: tabId.` }]);
      }
      // a well-formed call still reaches the caller through the SDK
      expect(((await client.callTool({ name: 'document', arguments: { action: 'read' } })) as CallToolResult).isError).toBeFalsy();
      expect(calls).toEqual(['document.read']);
    } finally {
      await client.close();
    }
  });

  it('ERR-02 tools/call without a tool name is one sentence saying what to send; arguments that are not an object reach parseToolCall', async () => {
    const calls: string[] = [];
    const client = await connected({ call: async (tool, action) => (calls.push(`${tool}.${action}`), { kind: 'ok', data: {} }) });
    try {
      for (const params of [{ arguments: { action: 'read' } }, { name: 7, arguments: {} }]) {
        const refused = client.request({ method: 'tools/call', params } as never, CallToolResultSchema);
        await expect(refused).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('tools/call needs params.name') });
      }
      for (const args of [['read'], 'read']) {
        const result = (await client.request({ method: 'tools/call', params: { name: 'document', arguments: args } } as never, CallToolResultSchema)) as CallToolResult;
        expect(result).toEqual({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^document: arguments must be a JSON object with an `action` field; valid actions: .*read/) }] });
      }
      // a method no handler serves is still "method not found", as the SDK answers it
      await expect(client.request({ method: 'vmark/nothing', params: {} } as never, EmptyResultSchema)).rejects.toMatchObject({ code: ErrorCode.MethodNotFound });
      expect(calls).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

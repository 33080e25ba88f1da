// The floor of an MCP round trip over stdio: the official SDK's McpServer with one tool that
// answers its argument, nothing behind it. Plain JavaScript so it runs on bare node (its RSS
// is printed next to ours).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'sdk-echo', version: '1.0.0' });
server.registerTool('echo', { description: 'Answers its text', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));
await server.connect(new StdioServerTransport());

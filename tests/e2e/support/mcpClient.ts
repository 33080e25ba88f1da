import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { vmarkLaunch } from '../../../bridge/src/os/nodeFlags';

/** The AI: the official MCP SDK client speaking stdio to a real `vmark mcp`. */
export interface Ai {
  client: Client;
  /** Calls a tool and returns the raw MCP result. */
  call(tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool that must succeed and returns its parsed JSON payload. */
  ok<T = Record<string, unknown>>(tool: string, args: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
  /** The `vmark mcp` child process id, for resource measurements; null once it has exited. */
  readonly pid: number | null;
}

export async function connectAi(env: Record<string, string>, extraArgs: string[] = [], name = 'e2e-ai'): Promise<Ai> {
  const launch = vmarkLaunch('mcp');
  const transport = new StdioClientTransport({
    // started as `vmark connect` configures clients to start it
    command: launch.command,
    args: [...launch.args, ...extraArgs],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  const call = async (tool: string, args: Record<string, unknown>) =>
    (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  return {
    client,
    call,
    async ok<T>(tool: string, args: Record<string, unknown>): Promise<T> {
      const result = await call(tool, args);
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      if (result.isError) throw new Error(`${tool}.${String(args.action)} failed: ${text}`);
      return JSON.parse(result.content.filter((c) => c.type === 'text').at(-1)?.text ?? 'null') as T;
    },
    close: () => client.close(),
    get pid() {
      return transport.pid;
    },
  };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CLIENT_TOKEN_ENV } from '../../clients/clientTokenEnv';
import { HostClient } from '../../mcp/hostClient';
import { createMcpServer } from '../../mcp/server';
import type { HeadlessOptions, Stack } from '../../launch/headlessStack';

const STACK_READY_TIMEOUT_MS = 30_000;

/** `vmark mcp --http` listens here unless `--port` says otherwise. */
export const DEFAULT_MCP_HTTP_PORT = 47_322;

export async function mcpCommand(headless: HeadlessOptions | null, http: { port: number } | null = null): Promise<void> {
  let stack: Stack | null = null;
  if (headless) {
    // loaded on demand, like the HTTP listener below: plain `vmark mcp` on stdio needs neither
    const { startHeadlessStack } = await import('../../launch/headlessStack');
    stack = await startHeadlessStack(headless);
    process.stderr.write(`vmark: headless editor at ${stack.editor.url}\n`);
  }
  if (http) return serveHttp(http.port, stack);
  let clientName = 'unknown';
  const host = new HostClient(() => clientName, process.env[CLIENT_TOKEN_ENV]);
  host.start();
  if (stack) await waitForEditor(host);
  const server = createMcpServer(host, (name) => {
    clientName = name;
  });
  const transport = new StdioServerTransport();
  let closing = false;
  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    host.stop();
    await stack?.stop();
    process.exit(0);
  };
  transport.onclose = () => void close();
  process.stdin.on('end', () => void close());
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await server.connect(transport);
}

/** In headless mode the MCP server answers only once an editor window has registered. */
async function waitForEditor(host: HostClient): Promise<void> {
  const deadline = Date.now() + STACK_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (host.connected) {
      const outcome = await host.call('session', 'get_state', {}, { retryable: true });
      if (outcome.kind === 'ok' && (outcome.data as { windows: unknown[] }).windows.length > 0) return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  process.stderr.write('vmark: the headless editor did not come up in time; serving anyway\n');
}

async function serveHttp(port: number, stack: Stack | null): Promise<void> {
  // express and the Streamable HTTP transport are loaded only for --http
  const { startHttpListener } = await import('../../mcp/httpListener');
  const listener = await startHttpListener(port);
  process.stderr.write(
    [
      `vmark: MCP over Streamable HTTP at ${listener.url}`,
      `vmark: send the header  Authorization: Bearer ${listener.token}`,
      '       (the token is kept in the state dir as mcp-http-token; every client uses the same)',
      '',
    ].join('\n'),
  );
  const close = async (): Promise<void> => {
    await listener.close();
    await stack?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
}

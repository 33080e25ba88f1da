import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BROWSER } from '../../tests/e2e/support/paths';

/**
 * The two peers of the issue, run now on the same pages and the same Chromium: @playwright/mcp
 * (`browser_snapshot`) and chrome-devtools-mcp (`take_snapshot`), each spoken to by the MCP SDK
 * client over stdio with the arguments of reference/snapshot-baseline.md.
 */
export interface Peer {
  readonly name: 'playwright-mcp' | 'chrome-devtools-mcp';
  navigate(url: string): Promise<void>;
  /** The snapshot response's text parts, joined as a client would put them into the context. */
  snapshot(): Promise<{ text: string; ms: number }>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`));
const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const CALL_TIMEOUT_MS = 180_000;

/** The MCP SDK client over stdio to a node script (a peer, or the bare SDK echo server of roundtrip/). */
export async function connect(script: string, args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...args],
    env: { ...(process.env as Record<string, string>), CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
    // the peers write snapshot files into their working directory: keep them out of the repository
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-peer-')),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'snapshot-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${textOf(result).slice(0, 300)}`);
  return result;
}

async function timed(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const result = await call(client, name, args);
  return { text: textOf(result), ms: performance.now() - started };
}

/** @playwright/mcp as reference/snapshot-baseline.md starts it, on the system Chromium. */
export const connectPlaywrightMcp = (): Promise<Client> =>
  connect(path.join(packageDir('@playwright/mcp'), 'cli.js'), ['--headless', '--isolated', '--no-sandbox', '--executable-path', BROWSER, '--viewport-size', '1280x720']);

export async function startPlaywrightMcp(): Promise<Peer> {
  const client = await connectPlaywrightMcp();
  return {
    name: 'playwright-mcp',
    navigate: async (url) => void (await call(client, 'browser_navigate', { url })),
    snapshot: () => timed(client, 'browser_snapshot', {}),
    close: () => client.close(),
  };
}

export async function startDevtoolsMcp(): Promise<Peer> {
  const client = await connect(path.join(packageDir('chrome-devtools-mcp'), 'build/src/bin/chrome-devtools-mcp.js'), [
    '--headless', '--isolated', '--executablePath', BROWSER, '--chromeArg=--no-sandbox', '--viewport', '1280x720',
    '--no-usage-statistics', '--no-performance-crux',
  ]);
  const pages = textOf(await call(client, 'list_pages', {}));
  const pageId = Number(/^(\d+):/m.exec(pages)?.[1] ?? 1);
  return {
    name: 'chrome-devtools-mcp',
    navigate: async (url) => void (await call(client, 'navigate_page', { pageId, type: 'url', url })),
    snapshot: () => timed(client, 'take_snapshot', { pageId }),
    close: () => client.close(),
  };
}

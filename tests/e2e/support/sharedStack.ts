import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { connectAi, type Ai } from './mcpClient';
import { VMARK } from './paths';
import { startStack, type Stack, type StackOptions } from './stack';

/** What a spec's set-up gets: the started stack, and ways to start more that close with it. */
export interface SharedStack {
  readonly stack: Stack;
  /** The AI: an MCP SDK client through `vmark mcp` (`connectAi`). */
  connectAi(extraArgs?: string[], name?: string): Promise<Ai>;
  /** An AI with a credential of its own, started as `vmark connect <client>` configures it (e.g. `cursor`, `claude-code`). */
  connectNamedAi(client: string, name: string): Promise<Ai>;
  /** `resource` (a fixture site, a page lab) is closed after the spec's last test. */
  closeAfter<T extends { close(): unknown }>(resource: T): T;
}

/**
 * One stack for all the tests of a spec, where they cannot interfere (or run in order on purpose):
 * started with `options` before the first test, then `setUp` runs (the spec keeps what it needs);
 * after the last test everything it started is closed, the latest first and the stack last.
 */
export function useSharedStack(options: StackOptions, setUp: (shared: SharedStack) => Promise<void> | void): void {
  const started: Array<{ close(): unknown }> = [];
  const closeAfter = <T extends { close(): unknown }>(resource: T): T => {
    started.push(resource);
    return resource;
  };
  test.beforeAll(async () => {
    const stack = closeAfter(await startStack(options));
    await setUp({
      stack,
      connectAi: async (extraArgs, name) => closeAfter(await connectAi(stack.env, extraArgs, name)),
      async connectNamedAi(client, name) {
        const config = path.join(stack.root, `${client}-mcp.json`);
        execFileSync(process.execPath, [VMARK, 'connect', client, '--config', config], { env: { ...process.env, ...stack.env } });
        const token = (JSON.parse(fs.readFileSync(config, 'utf8')) as { mcpServers: { vmark: { env: { VMARK_MCP_TOKEN: string } } } }).mcpServers.vmark.env.VMARK_MCP_TOKEN;
        return closeAfter(await connectAi({ ...stack.env, VMARK_MCP_TOKEN: token }, [], name));
      },
      closeAfter,
    });
  });
  test.afterAll(async () => {
    for (const resource of started.splice(0).reverse()) await resource.close();
  });
}

// Two browsers with the extension on one machine: each starts its own `vmark host`, and one runtime
// file names the host `vmark mcp` connects to. The newer host takes over; when it ends, the older
// one, still serving its browser, takes the socket path back.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { connectAi } from './support/mcpClient';
import { launchBrowser } from './support/stack';

interface State {
  windows: { label: string; tabs: { filePath: string | null }[] }[];
}

const hostPid = (runtimeDir: string): number | null => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(runtimeDir, 'host.json'), 'utf8')) as { pid: number }).pid;
  } catch {
    return null;
  }
};

test('a second browser\'s host takes the MCP path over; when that browser closes, the first browser\'s host takes it back and vmark mcp reconnects to it', async ({ stack, ai }) => {
  const runtimeDir = stack.env.VMARK_RUNTIME_DIR as string;
  const firstHost = hostPid(runtimeDir);
  expect(firstHost).not.toBeNull();
  expect((await ai.ok<State>('session', { action: 'get_state' })).windows.map((w) => w.label)).toEqual(['main']);

  // the second browser has the extension and its own host, but no editor window
  const second = await launchBrowser(path.join(stack.root, 'profile-second'), stack.env);
  await expect.poll(() => hostPid(runtimeDir), { timeout: 15_000 }).not.toBe(firstHost);
  const late = await connectAi(stack.env);
  try {
    expect((await late.ok<State>('session', { action: 'get_state' })).windows).toEqual([]);
    // a client connected before keeps its host
    expect((await ai.ok<State>('session', { action: 'get_state' })).windows.map((w) => w.label)).toEqual(['main']);

    await second.close();
    await expect.poll(() => hostPid(runtimeDir), { timeout: 15_000 }).toBe(firstHost);
    // the late client finds the first browser's editor through the host that took the path back
    await expect
      .poll(async () => (await late.ok<State>('session', { action: 'get_state' }).catch(() => null))?.windows.map((w) => w.label), { timeout: 20_000 })
      .toEqual(['main']);
  } finally {
    await late.close();
  }
});

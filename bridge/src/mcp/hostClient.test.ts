import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WIRE_VERSION, textFailure } from '@vmark/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onJsonLines, writeJsonLine } from '../host/jsonLines';
import { HOST_LOST_MESSAGE, HostClient, NO_HOST_MESSAGE } from './hostClient';

type Call = { type: 'call'; id: string; tool: string; action: string };

/** A stand-in `vmark host` on a real local socket, found through a real runtime file. */
async function fakeHost(dir: string, onCall: (socket: net.Socket, call: Call) => void): Promise<net.Server> {
  const socketFile = path.join(dir, 'host.sock');
  const server = net.createServer((socket) => {
    onJsonLines(
      socket,
      (raw) => {
        const message = raw as { type: string };
        if (message.type === 'hello') writeJsonLine(socket, { type: 'welcome', connectionId: 'conn-1', hostVersion: 'test' });
        if (message.type === 'call') onCall(socket, raw as Call);
      },
      () => undefined,
    );
  });
  await new Promise<void>((resolve) => server.listen(socketFile, resolve));
  fs.writeFileSync(path.join(dir, 'host.json'), JSON.stringify({ socket: socketFile, token: 't', pid: process.pid, version: 'test', wire: WIRE_VERSION }));
  return server;
}

describe('HostClient', () => {
  let dir: string;
  let server: net.Server | null = null;
  let client: HostClient | null = null;
  const previous = process.env.VMARK_RUNTIME_DIR;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-hostclient-'));
    process.env.VMARK_RUNTIME_DIR = dir;
  });
  afterEach(async () => {
    client?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    process.env.VMARK_RUNTIME_DIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('routes concurrent answers to their calls by id', async () => {
    server = await fakeHost(dir, (socket, call) => {
      setTimeout(() => writeJsonLine(socket, { type: 'result', id: call.id, outcome: textFailure(call.action) }), call.action === 'read' ? 30 : 0);
    });
    client = new HostClient(() => 'unit');
    const [read, write] = await Promise.all([
      client.call('document', 'read', {}, { retryable: true }),
      client.call('document', 'write', {}, { retryable: false }),
    ]);
    expect(read).toEqual(textFailure('read'));
    expect(write).toEqual(textFailure('write'));
  });

  it('gives up on a host that accepts the connection but never answers the hello, and connects to the next one', async () => {
    const silentFile = path.join(dir, 'silent.sock');
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(silentFile, resolve));
    fs.writeFileSync(path.join(dir, 'host.json'), JSON.stringify({ socket: silentFile, token: 't', pid: process.pid, version: 'test', wire: WIRE_VERSION }));
    try {
      client = new HostClient(() => 'unit');
      await expect(client.call('session', 'get_state', {}, { retryable: true })).resolves.toEqual(textFailure(NO_HOST_MESSAGE));
      // a host that answers takes the runtime file over: the next call reaches it
      server = await fakeHost(dir, (socket, call) => writeJsonLine(socket, { type: 'result', id: call.id, outcome: textFailure('reached') }));
      await expect(client.call('session', 'get_state', {}, { retryable: true })).resolves.toEqual(textFailure('reached'));
    } finally {
      silent.close();
    }
  }, 15_000);

  it('ends a write the moment the host goes away, saying its effect is unknown', async () => {
    server = await fakeHost(dir, (socket) => {
      fs.rmSync(path.join(dir, 'host.json'));
      socket.destroy();
    });
    client = new HostClient(() => 'unit');
    await expect(client.call('document', 'write', {}, { retryable: false })).resolves.toEqual(textFailure(HOST_LOST_MESSAGE));
  });
});

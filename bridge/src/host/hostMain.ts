import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { BridgeToHost, CallOutcome, CallResult, ClientPrincipal, ExtensionToHost, HostToExtension, Principal } from '@vmark/shared';
// subpaths, not the package index: the index loads every tool schema (zod), ~25 MB the host never uses
import { CallTracker } from '@vmark/shared/protocol/callTracker';
import { hopTimeoutMs } from '@vmark/shared/protocol/callTimeouts';
import { textFailure } from '@vmark/shared/protocol/outcome';
import { unexpectedFailure } from '@vmark/shared/errors/unexpected';
import { VMARK_VERSION, WIRE_VERSION } from '@vmark/shared/protocol/version';
import { resolveClientPrincipal } from '../clients/credentials';
import { socketPath } from '../os/dirs';
import { readLaunchSettings } from '../os/launchSettings';
import { isProcessAlive } from '../os/processes';
import { FrameDecoder, encodeForBrowser } from './frames';
import { MAX_LINE_BYTES, onJsonLines, writeJsonLine } from './jsonLines';
import { createLog } from './log';
import { runService } from './nativeFolders';
import type { HostAction } from './actions/defineHostAction';
import { routeAtHost } from './routeAtHost';
import { sameSecret } from './sameSecret';
import { ServiceError } from './serviceError';
import { removeRuntimeFile, writeRuntimeFile } from './runtimeFile';
import { readRuntimeFile } from './runtimeInfo';

/** A client that has not said a valid hello yet may send no more than this in one line. */
const MAX_HELLO_LINE_BYTES = 64 * 1024;

/** How often a host whose socket path another host took checks whether that host has ended. */
const RECLAIM_CHECK_MS = 1_000;

/**
 * `vmark host`: spawned by the browser when the extension calls connectNative. Owns the native
 * messaging pipe (stdin/stdout) and a local socket on which `vmark mcp` processes connect.
 */
export function runHost(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): void {
  const log = createLog();
  const origin = process.argv.find((a) => a.startsWith('chrome-extension://')) ?? 'unknown origin';
  log(`host ${VMARK_VERSION} started by ${origin}`);

  const sendToBrowser = (message: HostToExtension): void => {
    for (const frame of encodeForBrowser(message, () => crypto.randomUUID())) output.write(frame);
  };

  // calls forwarded to the browser; each is tied to the bridge socket that sent it
  const calls = new CallTracker<CallOutcome>('h');

  const decoder = new FrameDecoder();
  input.on('data', (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      if (frame.kind === 'malformed') {
        log(`malformed frame from browser: ${frame.reason}`);
        sendToBrowser({ type: 'frameError', message: frame.reason });
        continue;
      }
      void handleBrowserMessage(frame.message as ExtensionToHost);
    }
  });
  input.on('end', () => {
    // the browser closed the port (extension reload, worker stop, browser exit): a normal end
    log('browser closed the native port; exiting');
    shutdown(0);
  });

  async function handleBrowserMessage(message: ExtensionToHost): Promise<void> {
    if (!message || typeof message !== 'object' || !('type' in message)) {
      log('browser message without a type');
      return;
    }
    switch (message.type) {
      case 'result':
        calls.settle(message.id, message.outcome);
        return;
      case 'service': {
        try {
          const data = await runService(message.request);
          sendToBrowser({ type: 'serviceResult', id: message.id, ok: true, data });
        } catch (error) {
          const code = error instanceof ServiceError ? error.code : 'IO';
          sendToBrowser({ type: 'serviceResult', id: message.id, ok: false, code, message: (error as Error).message });
        }
        return;
      }
      case 'pong':
        return;
      case 'ping':
        sendToBrowser({ type: 'pong', id: message.id });
        return;
      default:
        log(`unknown browser message type ${(message as { type: unknown }).type}`);
    }
  }

  let info = writeRuntimeFile(VMARK_VERSION);
  const sock = socketPath();
  let server = listen(() => sendToBrowser({ type: 'hostInfo', version: VMARK_VERSION, pid: process.pid, ...readLaunchSettings() }));

  function listen(onListening?: () => void): net.Server {
    if (process.platform !== 'win32') fs.rmSync(sock, { force: true });
    const created = net.createServer((socket) => acceptBridge(socket));
    created.on('error', (error) => log(`socket error: ${error.message}`));
    created.listen(sock, () => {
      if (process.platform !== 'win32') fs.chmodSync(sock, 0o600);
      log(`listening on ${sock}`);
      onListening?.();
    });
    return created;
  }

  // A newer host (another browser with the extension) takes the socket path over; bridges already
  // connected here stay. When that host ends (it removes the runtime file, or it died and left one
  // naming a gone process), this one, still serving its browser, takes the path back, and
  // `vmark mcp` processes reconnect to it.
  const reclaim = setInterval(() => {
    if (stopping || process.platform === 'win32') return;
    const owner = readRuntimeFile();
    if (owner !== null && (owner.pid === process.pid || isProcessAlive(owner.pid))) return;
    info = writeRuntimeFile(VMARK_VERSION);
    server.close();
    server = listen();
    log('took the socket path back after the newer host ended');
  }, RECLAIM_CHECK_MS + Math.floor(Math.random() * 250));
  reclaim.unref();

  function acceptBridge(socket: net.Socket): void {
    let connectionId: string | null = null;
    let clientName = 'unknown';
    let identity: ClientPrincipal = { kind: 'anonymous' };
    onJsonLines(
      socket,
      (raw) => {
        const message = raw as BridgeToHost;
        if (message.type === 'hello') {
          if (connectionId) {
            // a second hello would take a new identity on a connection that already has one
            writeJsonLine(socket, { type: 'denied', reason: 'hello was already said on this connection; open a new connection to start again' });
            socket.end();
            return;
          }
          if (typeof message.token !== 'string' || !sameSecret(message.token, info.token)) {
            writeJsonLine(socket, { type: 'denied', reason: 'bad access token' });
            socket.end();
            return;
          }
          if (message.wire !== WIRE_VERSION) {
            writeJsonLine(socket, { type: 'denied', reason: `wire version ${message.wire} != ${WIRE_VERSION}` });
            socket.end();
            return;
          }
          connectionId = `conn-${crypto.randomUUID()}`;
          clientName = String(message.clientName).slice(0, 200);
          identity = resolveClientPrincipal(typeof message.clientToken === 'string' ? message.clientToken : undefined);
          writeJsonLine(socket, { type: 'welcome', connectionId, hostVersion: VMARK_VERSION });
          log(`bridge connected: ${clientName} as ${connectionId}, ${identity.kind === 'named' ? `credential of ${identity.id}` : identity.kind}`);
          return;
        }
        if (message.type === 'call') {
          if (!connectionId) {
            writeJsonLine(socket, { type: 'denied', reason: 'hello first' });
            socket.end();
            return;
          }
          const { clientName: named, ...call } = message;
          if (named) clientName = String(named).slice(0, 200);
          const principal = { connectionId, clientName, identity };
          const route = routeAtHost(call.tool, call.action, call.args);
          if (route.kind !== 'forward') {
            // answered here (native-folder coherence): no browser round trip, no editor window needed
            void (route.kind === 'refused' ? Promise.resolve(route.outcome) : runHere(route.handler, principal, call.args)).then((outcome) => {
              if (!socket.destroyed) writeJsonLine(socket, { type: 'result', id: message.id, outcome } satisfies CallResult);
            });
            return;
          }
          const timeoutMs = hopTimeoutMs('hostToExtension');
          void calls
            .open(
              {
                what: `${message.tool}.${message.action}`,
                peer: socket,
                timeoutMs,
                timedOut: (what) => textFailure(`The browser did not answer ${what} within ${timeoutMs / 1000} s; check that the VMark editor is open, then retry.`),
                unsent: () => textFailure('The browser is not connected to the VMark host; open the VMark editor, then retry.'),
              },
              (hostId) => sendToBrowser({ ...call, id: hostId, principal }),
            )
            .then((outcome) => {
              if (!socket.destroyed) writeJsonLine(socket, { type: 'result', id: message.id, outcome } satisfies CallResult);
            });
        }
      },
      (reason) => log(`bad line from bridge: ${reason}`),
      () => (connectionId ? MAX_LINE_BYTES : MAX_HELLO_LINE_BYTES),
    );
    socket.on('close', () => {
      // nobody is left to answer: the browser's late result is dropped
      calls.peerGone(socket, () => textFailure('The MCP client disconnected.'));
      if (connectionId) sendToBrowser({ type: 'connectionClosed', connectionId });
    });
    socket.on('error', () => socket.destroy());
  }

  async function runHere(handler: HostAction, principal: Principal, args: Record<string, unknown>): Promise<CallOutcome> {
    try {
      return await handler.run({ principal }, args);
    } catch (error) {
      log(`${handler.tool}.${handler.action} failed: ${(error as Error).stack ?? String(error)}`);
      return unexpectedFailure(`${handler.tool}.${handler.action}`, error);
    }
  }

  let stopping = false;
  function shutdown(code: number): void {
    if (stopping) return;
    stopping = true;
    clearInterval(reclaim);
    server.close();
    // a newer host may own the socket path by now; remove it only while the runtime file is ours
    const ours = readRuntimeFile()?.pid === process.pid;
    removeRuntimeFile(process.pid);
    if (ours && process.platform !== 'win32') fs.rmSync(sock, { force: true });
    setTimeout(() => process.exit(code), 50).unref();
  }
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGINT', () => shutdown(0));
}

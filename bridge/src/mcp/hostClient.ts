import net from 'node:net';
import {
  CallTracker,
  WIRE_VERSION,
  hopTimeoutMs,
  textFailure,
  type CallOutcome,
  type HostToBridge,
} from '@vmark/shared';
import { onJsonLines, writeJsonLine } from '../host/jsonLines';
import { readRuntimeFile } from '../host/runtimeInfo';

const RECONNECT_INTERVAL_MS = 250;
/** A host that accepted the connection but did not answer the hello by then is given up on (it may be ending). */
const HELLO_TIMEOUT_MS = 5_000;
/** After losing a host (worker restart, extension reload) a call waits this long for its successor. */
const RECOVERY_WINDOW_MS = 5_000;

export const NO_HOST_MESSAGE =
  'VMark is not running: no browser with the VMark extension is connected. Start it with `npx vmark start` ' +
  '(or `vmark mcp --headless --workspace DIR` on a machine without a display), then retry. ' +
  'If the browser is open, run `vmark doctor` to see what is missing.';

const HOST_LOST = Symbol('host lost');

export const HOST_LOST_MESSAGE =
  'The VMark host went away while the call was running, so its effect is unknown. Read the current state before retrying; ' +
  'if this repeats, run `vmark doctor`.';

/**
 * The bridge's side of the local socket. Never blocks a call on a missing host: it answers at once
 * with an actionable error, and keeps reconnecting in the background.
 */
export class HostClient {
  private socket: net.Socket | null = null;
  private connecting: Promise<boolean> | null = null;
  private readonly calls = new CallTracker<CallOutcome | typeof HOST_LOST>('b');
  private lastConnectedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  connectionId: string | null = null;

  /** clientToken: this client's credential (from its MCP config), presented to the host in the hello. */
  constructor(
    private readonly clientName: () => string,
    private readonly clientToken?: string,
  ) {}

  start(): void {
    void this.connect();
    this.timer = setInterval(() => {
      if (!this.socket) void this.connect();
    }, RECONNECT_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.socket?.destroy();
  }

  get connected(): boolean {
    return this.socket !== null;
  }

  /**
   * Forwards one call. A read-only call whose host went away mid-flight (a worker restart) is sent
   * once more to the successor; anything else reports that its effect is unknown.
   */
  async call(tool: string, action: string, args: Record<string, unknown>, options: { retryable: boolean }): Promise<CallOutcome> {
    for (let attempt = 0; ; attempt++) {
      const socket = await this.ensureSocket();
      if (!socket) return textFailure(NO_HOST_MESSAGE);
      const outcome = await this.send(socket, tool, action, args);
      if (outcome !== HOST_LOST) return outcome;
      if (!options.retryable || attempt >= 1) return textFailure(HOST_LOST_MESSAGE);
    }
  }

  private async ensureSocket(): Promise<net.Socket | null> {
    if (this.socket || (await this.connect())) return this.socket;
    if (Date.now() - this.lastConnectedAt <= RECOVERY_WINDOW_MS && (await this.awaitRecovery())) return this.socket;
    return null;
  }

  private send(socket: net.Socket, tool: string, action: string, args: Record<string, unknown>): Promise<CallOutcome | typeof HOST_LOST> {
    const timeoutMs = hopTimeoutMs('bridgeToHost');
    return this.calls.open(
      {
        what: `${tool}.${action}`,
        peer: socket,
        timeoutMs,
        timedOut: (what) =>
          textFailure(
            `The VMark host did not answer ${what} within ${timeoutMs / 1000} s, so its effect is unknown. ` +
              'Read the current state before retrying; if this repeats, run `vmark doctor`.',
          ),
        unsent: () => HOST_LOST,
      },
      (id) => writeJsonLine(socket, { type: 'call', id, tool, action, args, clientName: this.clientName() }),
    );
  }

  private async awaitRecovery(): Promise<boolean> {
    const deadline = this.lastConnectedAt + RECOVERY_WINDOW_MS;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, RECONNECT_INTERVAL_MS));
      if (this.socket || (await this.connect())) return true;
    }
    return false;
  }

  private connect(): Promise<boolean> {
    this.connecting ??= this.tryConnect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private tryConnect(): Promise<boolean> {
    const info = readRuntimeFile();
    if (!info) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const socket = net.createConnection(info.socket);
      let settled = false;
      const settle = (value: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(unanswered);
        resolve(value);
      };
      // without this, one connection that never gets its welcome would hold every later connect() on it
      const unanswered = setTimeout(() => {
        socket.destroy();
        settle(false);
      }, HELLO_TIMEOUT_MS);
      socket.on('error', () => {
        socket.destroy();
        settle(false);
      });
      socket.on('connect', () => {
        writeJsonLine(socket, {
          type: 'hello',
          token: info.token,
          clientName: this.clientName(),
          wire: WIRE_VERSION,
          ...(this.clientToken ? { clientToken: this.clientToken } : {}),
        });
      });
      onJsonLines(
        socket,
        (raw) => {
          const message = raw as HostToBridge;
          if (message.type === 'welcome') {
            this.socket = socket;
            this.connectionId = message.connectionId;
            this.lastConnectedAt = Date.now();
            settle(true);
          } else if (message.type === 'denied') {
            socket.destroy();
            settle(false);
          } else if (message.type === 'result') {
            this.calls.settle(message.id, message.outcome);
          }
        },
        () => undefined,
      );
      socket.on('close', () => {
        settle(false);
        if (this.socket !== socket) return;
        this.socket = null;
        this.connectionId = null;
        this.lastConnectedAt = Date.now();
        this.calls.peerGone(socket, () => HOST_LOST);
      });
    });
  }
}

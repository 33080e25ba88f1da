import http from 'node:http';
import net from 'node:net';

/** One attack and whether the endpoint let it in; `detail` says what it answered. */
export interface AttackOutcome {
  endpoint: string;
  attack: string;
  accepted: boolean;
  detail: string;
}

/** The attacks tried so far; the spec prints "N attacks, M accepted" and fails on any acceptance. */
export class AttackLedger {
  readonly outcomes: AttackOutcome[] = [];

  record(endpoint: string, attack: string, accepted: boolean, detail: string): void {
    this.outcomes.push({ endpoint, attack, accepted, detail });
  }

  get accepted(): AttackOutcome[] {
    return this.outcomes.filter((o) => o.accepted);
  }

  summary(): string {
    const lines = this.outcomes.map((o) => `  ${o.accepted ? 'ACCEPTED' : 'refused '} ${o.endpoint}: ${o.attack} -> ${o.detail}`);
    return [...lines, `attacks: ${this.outcomes.length} attacks, ${this.accepted.length} accepted`].join('\n');
  }
}

export const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attacker', version: '1' } } });

/** A raw POST of an initialize request with the given headers; the status the listener answers, 0 when it dropped the connection first. */
export function rawPost(url: string, headers: Record<string, string>, body = INITIALIZE): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/**
 * A body that never ends: 256 KB chunks until the listener answers or drops the connection, or
 * `capBytes` were sent (then the listener took an unbounded body). Resolves with what happened.
 */
export function endlessPost(url: string, headers: Record<string, string>, capBytes: number): Promise<{ status: number | null; bytesSent: number; dropped: boolean }> {
  return new Promise((resolve) => {
    let bytesSent = 0;
    let done = false;
    const finish = (status: number | null, dropped: boolean): void => {
      if (done) return;
      done = true;
      request.destroy();
      resolve({ status, bytesSent, dropped });
    };
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } }, (res) => {
      res.resume();
      finish(res.statusCode ?? 0, false);
    });
    request.on('error', () => finish(null, true));
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    request.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"');
    const pump = (): void => {
      while (!done && bytesSent < capBytes) {
        bytesSent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!done) setTimeout(() => finish(null, false), 2_000);
    };
    pump();
  });
}

/** The host's local socket: sends the lines in order (one per reply or a short pause) and collects every reply until it closes. */
export function socketExchange(socketPath: string, lines: unknown[], settleMs = 1_000): Promise<{ replies: { type: string; reason?: string }[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const replies: { type: string; reason?: string }[] = [];
    let buffer = '';
    let closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        replies.push(JSON.parse(buffer.slice(0, newline)) as { type: string });
        buffer = buffer.slice(newline + 1);
      }
    });
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.on('connect', async () => {
      for (const line of lines) {
        if (closed) break;
        socket.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
        await new Promise((r) => setTimeout(r, 300));
      }
      await new Promise((r) => setTimeout(r, settleMs));
      socket.destroy();
      resolve({ replies, closed });
    });
    socket.once('error', reject);
  });
}

/** A line that never ends, written before any hello: resolves with the bytes written when the host closed the socket (null if it never did). */
export function endlessLine(socketPath: string, capBytes: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let bytesSent = 0;
    let done = false;
    const finish = (value: number | null): void => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(value);
    };
    socket.on('close', () => finish(bytesSent));
    socket.on('error', () => finish(bytesSent));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (!done && bytesSent < capBytes) {
        bytesSent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!done) setTimeout(() => finish(null), 2_000);
    };
    socket.on('connect', pump);
  });
}

/**
 * A body trickled one byte every `everyMs` (a slowloris): resolves with the status the listener
 * answered (null when it dropped the connection) and when, or `{ status: null, ms: giveUpMs }` if it
 * was still reading at `giveUpMs` (then it has no body timeout of its own).
 */
export function trickledPost(url: string, headers: Record<string, string>, everyMs: number, giveUpMs: number): Promise<{ status: number | null; ms: number; answered: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let done = false;
    const finish = (status: number | null, answered: boolean): void => {
      if (done) return;
      done = true;
      clearInterval(drip);
      request.destroy();
      resolve({ status, ms: Date.now() - started, answered });
    };
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(INITIALIZE.length), ...headers } }, (res) => {
      res.resume();
      finish(res.statusCode ?? 0, true);
    });
    request.on('error', () => finish(null, true));
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < INITIALIZE.length - 1) request.write(INITIALIZE[sent++] as string);
      if (Date.now() - started >= giveUpMs) finish(null, false);
    }, everyMs);
  });
}

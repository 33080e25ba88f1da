import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { localhostHostValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { sameSecret } from '../host/sameSecret';
import { stateDir } from '../os/dirs';
import { HostClient } from './hostClient';
import { createMcpServer } from './server';

/** Whole documents travel in one call (document.write of a large file): well above express's 100 KB default. */
const BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export interface HttpListener {
  url: string;
  token: string;
  close(): Promise<void>;
}

/** The bearer token clients configure once: kept across restarts in the state dir, readable by this user only. */
export function httpToken(): string {
  const file = path.join(stateDir(), 'mcp-http-token');
  try {
    const token = fs.readFileSync(file, 'utf8').trim();
    if (token.length >= 32) return token;
  } catch {
    // first start: make one
  }
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** A browser page may not call the listener: an Origin header, when sent, must be the listener's own. */
function originCheck(port: () => number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // not a URL: refused below
    }
    const own = parsed && parsed.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(parsed.hostname) && Number(parsed.port) === port();
    if (own) return next();
    res.status(403).json({ jsonrpc: '2.0', error: { code: -32000, message: `Origin ${origin} may not use this MCP server` }, id: null });
  };
}

/**
 * A body must arrive whole within this time: 32 MB over loopback takes well under a second, and a
 * client trickling a body a byte at a time would otherwise hold a connection for Node's 300 s
 * request timeout.
 */
export const BODY_TIMEOUT_MS = 10_000;

/**
 * express.json answers a body over its limit only once the body has ended, so a body that never
 * ends would be read forever: past the limit, answer 413, and past the time limit 408, and close
 * the connection.
 */
function bodyBounds(limitBytes: number, timeoutMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const refuse = (status: number, message: string): void => {
      clearTimeout(timer);
      if (res.headersSent) return;
      res.on('finish', () => req.socket.destroy());
      res.status(status).set('Connection', 'close').json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
    };
    const tooLarge = () => refuse(413, `Request body over ${limitBytes} bytes; send a smaller request`);
    const timer = setTimeout(() => refuse(408, `Request body not complete within ${timeoutMs / 1000} s; send the whole request at once`), timeoutMs);
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    if (Number(req.headers['content-length'] ?? 0) > limitBytes) return tooLarge();
    let received = 0;
    // a listener added here, before express.json's, sees every chunk; it only counts
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) tooLarge();
    });
    next();
  };
}

function bearerCheck(token: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (sameSecret(given, token)) return next();
    res.status(401).set('WWW-Authenticate', 'Bearer').json({ jsonrpc: '2.0', error: { code: -32001, message: 'Missing or wrong bearer token (see `vmark mcp --http` output)' }, id: null });
  };
}

/**
 * `vmark mcp --http`: Streamable HTTP on 127.0.0.1 for clients that want a URL. One MCP server and
 * one host connection per MCP connection (the transport's Mcp-Session-Id), so approvals stay with
 * the connection that asked, as with stdio.
 */
export async function startHttpListener(port: number, token = httpToken()): Promise<HttpListener> {
  const connections = new Map<string, { transport: StreamableHTTPServerTransport; host: HostClient }>();
  let actualPort = port;
  const app = express();
  app.disable('x-powered-by');
  app.use(localhostHostValidation());
  app.use(originCheck(() => actualPort));
  app.use(bearerCheck(token));
  app.use(bodyBounds(BODY_LIMIT_BYTES, BODY_TIMEOUT_MS));
  app.use(express.json({ limit: BODY_LIMIT_BYTES }));

  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? connections.get(sessionId) : undefined;
    if (existing) return existing.transport.handleRequest(req, res, req.body);
    if (sessionId !== undefined || !isInitializeRequest(req.body)) {
      return void res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Unknown session: start with an initialize request' }, id: null });
    }
    let clientName = 'unknown';
    const host = new HostClient(() => clientName);
    host.start();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void connections.set(id, { transport, host }),
    });
    transport.onclose = () => {
      if (transport.sessionId) connections.delete(transport.sessionId);
      host.stop();
    };
    const server = createMcpServer(host, (name) => {
      clientName = name;
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  // server-to-client stream and connection end
  const byConnection = async (req: Request, res: Response): Promise<void> => {
    const connection = connections.get(String(req.headers['mcp-session-id']));
    if (!connection) return void res.status(404).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Unknown session' }, id: null });
    await connection.transport.handleRequest(req, res);
  };
  app.get('/mcp', byConnection);
  app.delete('/mcp', byConnection);

  const server = await new Promise<HttpServer>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
  actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/mcp`,
    token,
    async close() {
      for (const { transport } of connections.values()) await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { serveHostile } from './hostilePages';
import { siteFile, SITE_DIR } from './siteFiles';

/** The fixture site on 127.0.0.1 (AI tabs reach it only in a stack started with allowLoopback). */
export interface Site {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  url(pathname: string): string;
  /** Request paths in arrival order, with the Cookie header each carried. */
  requests: { path: string; cookie: string | undefined }[];
  /** The secrets /login handed out, in order. */
  secrets: string[];
  /** Orders /order/submit received (a multi-step form for workflow runs), in order. */
  orders: { email: string; qty: string }[];
  close(): Promise<void>;
}

function sendFile(res: http.ServerResponse, file: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  fs.createReadStream(file).pipe(res);
}

let reactInputJs: string | null = null;

/** tests/fixtures/site-src/reactInput.ts bundled with production React (once per test process). */
function reactInputScript(): string {
  reactInputJs ??= buildSync({
    entryPoints: [path.join(SITE_DIR, '..', 'site-src', 'reactInput.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return reactInputJs;
}

/**
 * Static pages from tests/fixtures/site plus a few dynamic routes:
 * /slow?ms=N&title=T (answers after N ms), /redirect?to=URL (302), /set-cookie?value=V (sets `ai=V`,
 * default 1), /echo-cookie (shows the Cookie header it got in #cookie and what its script sees in
 * document.cookie in #script-cookie), /react-input.js (a production-React controlled input for act.html).
 * rate-limit.html is served with HTTP 429. /hostile/<name>: the generated hostile pages (hostilePages.ts).
 * A login for saved sign-ins: /login makes a secret S (`secrets`) and sets the HttpOnly cookie `sid=S` (Path=/), `narrow=S`
 * (Path=/app) and localStorage `token=S`; /app says whether its request carried `sid` (#cookie-state)
 * and whether localStorage has `token` (#storage-state), never the values. /fill-storage?chars=N
 * puts N characters of localStorage values into `big-0`, `big-1`, … (1,000,000 each).
 * A two-step order form: /order (Email, Next) → /order/details (Quantity, Place order) → POST /order/submit,
 * which the server counts in `orders`.
 * Partitioned cookies (with `https`: a self-signed certificate, so the browser needs
 * --ignore-certificate-errors): /chips-top?frame=ORIGIN[&set] embeds ORIGIN/chips-frame, which with
 * `set` sets the CHIPS cookie `chip=S` (Partitioned; Secure; SameSite=None; S in `secrets`).
 */
export async function startSite(options: { https?: boolean } = {}): Promise<Site> {
  const requests: Site['requests'] = [];
  const secrets: string[] = [];
  const orders: Site['orders'] = [];
  const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ path: url.pathname + url.search, cookie: req.headers.cookie });
    const page = (title: string, body: string, headers: Record<string, string> = {}): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`);
    };
    switch (url.pathname) {
      case '/order':
        page('Order', '<h1>Order</h1><form action="/order/details" method="get"><label>Email <input type="email" name="email"></label> <button type="submit">Next</button></form>');
        return;
      case '/order/details':
        page(
          'Order details',
          `<h1>Details for ${escape(url.searchParams.get('email') ?? '')}</h1><form action="/order/submit" method="post"><input type="hidden" name="email" value="${escape(url.searchParams.get('email') ?? '')}">` +
            '<label>Quantity <input type="text" name="qty"></label> <button type="submit">Place order</button></form>',
        );
        return;
      case '/order/submit': {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          const form = new URLSearchParams(body);
          orders.push({ email: form.get('email') ?? '', qty: form.get('qty') ?? '' });
          page('Order placed', `<h1>Order placed</h1><p id="receipt">Order ${orders.length}: ${escape(form.get('qty') ?? '')} for ${escape(form.get('email') ?? '')}</p>`);
        });
        return;
      }
      case '/slow': {
        const ms = Number(url.searchParams.get('ms') ?? '3000');
        const title = url.searchParams.get('title') ?? 'Slow page';
        setTimeout(() => page(title, `<h1>${title}</h1>`), ms);
        return;
      }
      case '/react-input.js':
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(reactInputScript());
        return;
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
        return;
      case '/set-cookie':
        page('Cookie set', '<h1>Cookie set</h1>', { 'set-cookie': `ai=${encodeURIComponent(url.searchParams.get('value') ?? '1')}; Path=/` });
        return;
      case '/login': {
        const secret = `s3cr3t-${crypto.randomUUID()}`;
        secrets.push(secret);
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'set-cookie': [`sid=${encodeURIComponent(secret)}; Path=/; HttpOnly`, `narrow=${encodeURIComponent(secret)}; Path=/app`],
        });
        res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Signed in</title></head><body><h1>Signed in</h1><script>localStorage.setItem('token', ${JSON.stringify(secret)});</script></body></html>`);
        return;
      }
      case '/app':
        page(
          'App',
          `<h1>App</h1><p id="cookie-state">cookie: ${/(^|;\s*)sid=/.test(req.headers.cookie ?? '') ? 'signed in' : 'signed out'}</p><p id="storage-state"></p>` +
            `<script>document.getElementById('storage-state').textContent = 'storage: ' + (localStorage.getItem('token') ? 'signed in' : 'signed out');</script>`,
        );
        return;
      case '/fill-storage':
        page(
          'Filled',
          '<h1 id="filled">filling</h1>' +
            `<script>let left = ${Number(url.searchParams.get('chars') ?? '0')}, i = 0; const chunk = (n) => { let s = ''; while (s.length < n) s += Math.random().toString(36).slice(2); return s.slice(0, n); };` +
            `while (left > 0) { const n = Math.min(left, 1000000); localStorage.setItem('big-' + i, chunk(n)); i++; left -= n; } document.getElementById('filled').textContent = 'filled';</script>`,
        );
        return;
      case '/chips-top':
        page('Embeds a frame', `<h1>Top</h1><iframe src="${(url.searchParams.get('frame') ?? '').replace(/[<&"]/g, '')}/chips-frame${url.searchParams.has('set') ? '?set=1' : ''}"></iframe>`);
        return;
      case '/chips-frame': {
        if (!url.searchParams.has('set')) return page('Frame', '<p>frame</p>');
        const secret = `chip-${crypto.randomUUID()}`;
        secrets.push(secret);
        page('Frame', '<p>frame</p>', { 'set-cookie': `chip=${secret}; Path=/; Secure; SameSite=None; Partitioned` });
        return;
      }
      case '/echo-cookie':
        page(
          'Cookie echo',
          `<h1 id="cookie">cookie=${(req.headers.cookie ?? '').replace(/[<&]/g, '')}</h1><p id="script-cookie"></p>` +
            `<script>document.getElementById('script-cookie').textContent = 'script=' + document.cookie;</script>`,
        );
        return;
    }
    if (url.pathname.startsWith('/hostile/') && serveHostile(res, url)) return;
    const file = siteFile(decodeURIComponent(url.pathname));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    sendFile(res, file, path.basename(file) === 'rate-limit.html' ? 429 : 200);
  };
  const server = options.https ? https.createServer(selfSignedCertificate(), handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `${options.https ? 'https' : 'http'}://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    url: (pathname) => `${origin}${pathname.startsWith('/') ? '' : '/'}${pathname}`,
    requests,
    secrets,
    orders,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A throwaway self-signed certificate for 127.0.0.1 and localhost (openssl, as `.ci/run` installs it). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-site-tls-'));
  try {
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

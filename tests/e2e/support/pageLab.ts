// The page-side scripts (extension/src/page) built and run in a plain Chromium against the local
// fixture site and the 16 saved real-world pages: the harness of the pageSnapshot and pageContent specs.

import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildPageScripts } from '../../../extension/src/page/build.mjs';
import type { SnapshotResult } from '../../../extension/src/page/types';
import { BROWSER, BROWSER_FLAGS } from './paths';
import { PAGES_DIR, siteFile } from './siteFiles';

export const CORPUS_DIR = PAGES_DIR;
export const MAX_SNAPSHOT_TOKENS = 25_000;
// 0.5 × @playwright/mcp's median browser_snapshot on the corpus (snapshot-baseline.md).
export const TARGET_MEDIAN_TOKENS = 7_248;
export const BIDI_OR_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export interface PageLab {
  /** http://127.0.0.1:PORT of the fixture server: /site/ is the fixture site, /corpus/ the saved pages. */
  base: string;
  pageJs: string;
  consoleShimJs: string;
  context: BrowserContext;
  /** A new page at `pathname` with the page bundle injected. */
  open(pathname: string, options?: { consoleShim?: string; beforeLoad?: string }): Promise<Page>;
  close(): Promise<void>;
}

/** The corpus page behind /corpus/NAME, or null. */
function corpusFile(name: string): string | null {
  const file = path.join(CORPUS_DIR, path.normalize(name));
  return file.startsWith(CORPUS_DIR) && fs.existsSync(file) ? file : null;
}

function serveFixtures(): http.Server {
  return http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = pathname.startsWith('/site/') ? siteFile(pathname.slice('/site'.length)) : pathname.startsWith('/corpus/') ? corpusFile(pathname.slice('/corpus/'.length)) : null;
    if (!file) return void res.writeHead(404).end('not found');
    const status = path.basename(file) === 'rate-limit.html' ? 429 : 200;
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
}

export async function startPageLab(): Promise<PageLab> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-page-'));
  const built = await buildPageScripts(outDir);
  const pageJs = fs.readFileSync(built.page, 'utf8');
  const consoleShimJs = fs.readFileSync(built.consoleShim, 'utf8');
  const server = serveFixtures();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser: Browser = await chromium.launch({ executablePath: BROWSER, args: BROWSER_FLAGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  // The saved pages reference CDNs; nothing may leave the machine.
  await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
  return {
    base,
    pageJs,
    consoleShimJs,
    context,
    async open(pathname, options = {}) {
      const page = await context.newPage();
      if (options.beforeLoad) await page.addInitScript({ content: options.beforeLoad });
      if (options.consoleShim) await page.addInitScript({ content: options.consoleShim });
      await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
      await page.evaluate(pageJs);
      return page;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Calls globalThis.__vmarkPage[method](arg) in the page. */
export async function call<T>(page: Page, method: string, arg?: unknown): Promise<T> {
  return page.evaluate(
    ([name, value]) => {
      const api = (globalThis as unknown as { __vmarkPage: Record<string, (input?: unknown) => unknown> }).__vmarkPage;
      return api[name as string]!(value) as never;
    },
    [method, arg] as const,
  );
}

/** An evaluator for a fresh isolated world of the page's main frame (what chrome.scripting uses). */
export async function isolatedWorld(page: Page): Promise<(expression: string) => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'vmark-test' });
  return async (expression) => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, contextId: executionContextId, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  };
}

export const snapshotOf = (page: Page, options?: object) => call<SnapshotResult>(page, 'snapshot', options);
export const tokensOf = (value: unknown) => encode(JSON.stringify(value)).length;
export const names = (result: SnapshotResult) => result.snapshot.map((node) => node.name);

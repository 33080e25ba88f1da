import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSecretService } from '../../support/secretService';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { allowExtensionInIncognito } from '../../../bridge/src/launch/incognitoAccess';
import { BROWSER, BROWSER_FLAGS, EXTENSION_DIR, VMARK } from './paths';

export interface Stack {
  root: string;
  /** Environment shared by the browser (and so the host) and every `vmark mcp` of this stack. */
  env: Record<string, string>;
  workspace: string;
  editorUrl: string;
  context: BrowserContext;
  /** The first editor window. */
  page: Page;
  serviceWorker(): Promise<Worker>;
  openEditorWindow(query?: string): Promise<Page>;
  close(): Promise<void>;
}

function vmark(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [VMARK, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function serveEditor(env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
  const child = vmark(['serve', '--port', '0'], env);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /VMark editor: (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`vmark serve exited with ${code}`)));
  });
  return { url, process: child };
}

export interface StackOptions {
  /** Files to put into the native workspace folder before start. */
  files?: Record<string, string>;
  /** Open the editor on the native workspace folder (default true). */
  nativeWorkspace?: boolean;
  /** Let AI tabs open loopback addresses for this launch (what `vmark mcp --headless --allow-loopback` does). */
  allowLoopback?: boolean;
  /**
   * The person has switched on "Allow in Incognito" for VMark (default true, the recommended setup):
   * Sandbox AI tabs then open in an incognito window with a cookie store of their own.
   */
  incognitoAllowed?: boolean;
  /**
   * The profile is one VMark launches (as `vmark start` / `--headless` do): act uses trusted input and
   * the debugger stays silent (--silent-debugger-extension-api).
   */
  trustedInput?: boolean;
  /** Extra Chromium flags, e.g. --host-resolver-rules. */
  browserArgs?: string[];
  /** More environment for the browser, its host and `vmark mcp` (e.g. the session bus of a test keyring). */
  env?: Record<string, string>;
  /** The local actionlint binary the host offers; by default none, whatever this machine has installed. */
  actionlintBinary?: string;
  /** A real Secret Service of the stack's own (tests/support/secretService.ts): named profiles and saved sign-ins keep their keys there. */
  keyring?: boolean;
}

/**
 * System Chromium with the built extension and the host registered for a fresh profile (`vmark
 * install --profile`), as a person's browser: the host it starts gets `env`.
 */
export async function launchBrowser(
  profile: string,
  env: Record<string, string>,
  options: Pick<StackOptions, 'incognitoAllowed' | 'browserArgs'> = {},
): Promise<BrowserContext> {
  await new Promise<void>((resolve, reject) => {
    const child = vmark(['install', '--profile', profile], env);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vmark install exited with ${code}`))));
  });
  if (options.incognitoAllowed !== false) allowExtensionInIncognito(profile);
  return chromium.launchPersistentContext(profile, {
    executablePath: BROWSER,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`, ...BROWSER_FLAGS, ...(options.browserArgs ?? [])],
    env: { ...(process.env as Record<string, string>), ...env },
  });
}

/**
 * The real product, as a person runs it: the editor served by `vmark serve`, system Chromium with
 * the built extension, and the host registered for the profile by `vmark install --profile`.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-e2e-'));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace);
  for (const [name, content] of Object.entries(options.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true });
    fs.writeFileSync(path.join(workspace, name), content);
  }
  const realWorkspace = fs.realpathSync(workspace);
  const keyring = options.keyring ? await startSecretService() : null;
  const env = { ...keyring?.env, ...options.env, VMARK_RUNTIME_DIR: path.join(root, 'run'), VMARK_STATE_DIR: path.join(root, 'state'), VMARK_ACTIONLINT: options.actionlintBinary ?? 'off' };
  fs.mkdirSync(env.VMARK_STATE_DIR, { recursive: true });
  fs.writeFileSync(path.join(env.VMARK_STATE_DIR, 'native-roots.json'), JSON.stringify([realWorkspace]));
  if (options.allowLoopback || options.trustedInput) {
    // the host reads it when the browser starts it and hands it to the extension (hostInfo)
    fs.mkdirSync(env.VMARK_RUNTIME_DIR, { recursive: true, mode: 0o700 });
    const launch = { allowLoopback: options.allowLoopback === true, trustedInput: options.trustedInput === true };
    fs.writeFileSync(path.join(env.VMARK_RUNTIME_DIR, 'launch.json'), JSON.stringify(launch), { mode: 0o600 });
  }
  // the editor's server starts while the browser is installed and launched (neither needs the other)
  const serving = serveEditor(env);
  const browserArgs = [...(options.browserArgs ?? []), ...(options.trustedInput ? ['--silent-debugger-extension-api'] : [])];
  const [served, launched] = await Promise.allSettled([serving, launchBrowser(path.join(root, 'profile'), env, { ...options, browserArgs })]);
  if (served.status === 'rejected' || launched.status === 'rejected') {
    if (served.status === 'fulfilled') served.value.process.kill();
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined);
    await keyring?.stop();
    throw served.status === 'rejected' ? served.reason : (launched as PromiseRejectedResult).reason;
  }
  const server = served.value;
  const context = launched.value;
  const query = options.nativeWorkspace === false ? '' : `?workspace=${encodeURIComponent(realWorkspace)}`;
  const openEditorWindow = async (q = query): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${server.url}${q}`);
    await page.getByText(/MCP: connected/).waitFor();
    return page;
  };
  const first = context.pages()[0];
  const page = first ?? (await context.newPage());
  await page.goto(`${server.url}${query}`);
  await page.getByText(/MCP: connected/).waitFor();
  return {
    root,
    env,
    workspace: realWorkspace,
    editorUrl: server.url,
    context,
    page,
    async serviceWorker() {
      return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    },
    openEditorWindow,
    async close() {
      await context.close().catch(() => undefined);
      server.process.kill();
      await keyring?.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

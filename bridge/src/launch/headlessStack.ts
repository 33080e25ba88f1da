import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from './browserProcess';
import { serveEditor, type EditorServer } from './editorServer';
import { addAllowedRoot } from '../host/nativeFolders';
import { ensureRuntimeDir } from '../host/runtimeFile';
import { findBrowser } from '../os/locations';
import { writeLaunchSettings } from '../os/launchSettings';

export interface HeadlessOptions {
  workspace?: string;
  remoteDebuggingPort?: number;
  allowLoopback: boolean;
  browser?: string;
}

export interface Stack {
  editor: EditorServer;
  browser: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The whole product without a display: a private runtime and state dir (so several stacks and a
 * person's own VMark never meet), the editor on a free port, Chromium headless with the extension
 * and the host manifest in a fresh user-data folder, opened on the workspace.
 */
export async function startHeadlessStack(options: HeadlessOptions): Promise<Stack> {
  const executable = findBrowser(options.browser);
  if (!executable) {
    throw new Error('No Chromium found. Install it (Debian: `apt-get install chromium`) or pass --browser PATH / set VMARK_BROWSER.');
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-headless-'));
  process.env.VMARK_RUNTIME_DIR = path.join(root, 'run');
  process.env.VMARK_STATE_DIR = path.join(root, 'state');
  ensureRuntimeDir();
  writeLaunchSettings({ allowLoopback: options.allowLoopback, trustedInput: true });
  let query = '';
  if (options.workspace) {
    if (!fs.existsSync(options.workspace) || !fs.statSync(options.workspace).isDirectory()) {
      throw new Error(`--workspace ${options.workspace} is not a folder`);
    }
    query = `?workspace=${encodeURIComponent(addAllowedRoot(options.workspace))}`;
  }
  const editor = await serveEditor(0);
  const browser = launchBrowser({
    executable,
    userDataDir: path.join(root, 'profile'),
    url: `${editor.url}${query}`,
    headless: true,
    ...(options.remoteDebuggingPort !== undefined ? { remoteDebuggingPort: options.remoteDebuggingPort } : {}),
  });
  const stop = async (): Promise<void> => {
    browser.kill('SIGTERM');
    await editor.close();
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(root, { recursive: true, force: true });
  };
  return { editor, browser, stop };
}

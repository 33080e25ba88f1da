import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EXTENSION_DIR } from '../os/locations';
import { writeHostManifest, writeHostWrapper } from '../os/hostManifest';
import { allowExtensionInIncognito } from './incognitoAccess';

export interface BrowserLaunch {
  executable: string;
  userDataDir: string;
  url: string;
  headless: boolean;
  remoteDebuggingPort?: number;
  env?: NodeJS.ProcessEnv;
}

/** Flags that keep a browser quiet on machines with no network but loopback, and as root. */
export const QUIET_FLAGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-quic',
];

/**
 * A headless browser never shows its own UI: no renderer preloading Tab Search or the omnibox's
 * WebUI popups (measured: one renderer and ~1.7 s of CPU less per launch).
 */
export const HEADLESS_FLAGS = ['--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup'];

/**
 * Readies a user-data folder VMark owns: the native host registered (Chromium reads <user-data-dir>/NativeMessagingHosts
 * when --user-data-dir is set) and the extension allowed in incognito (the Sandbox's own cookie store).
 */
export function prepareUserDataDir(userDataDir: string): void {
  fs.mkdirSync(userDataDir, { recursive: true });
  const wrapper = writeHostWrapper(userDataDir);
  writeHostManifest(path.join(userDataDir, 'NativeMessagingHosts'), wrapper);
  allowExtensionInIncognito(userDataDir);
}

export function browserArgs(launch: BrowserLaunch): string[] {
  const args = [
    `--user-data-dir=${launch.userDataDir}`,
    `--disable-extensions-except=${EXTENSION_DIR}`,
    `--load-extension=${EXTENSION_DIR}`,
    ...QUIET_FLAGS,
    // act's trusted input and execute_js use chrome.debugger; no "started debugging" bar in VMark's own user-data folders
    '--silent-debugger-extension-api',
  ];
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  if (launch.headless) args.push('--headless', ...HEADLESS_FLAGS);
  if (launch.remoteDebuggingPort !== undefined) args.push(`--remote-debugging-port=${launch.remoteDebuggingPort}`);
  args.push(launch.url);
  return args;
}

export function launchBrowser(launch: BrowserLaunch): ChildProcess {
  prepareUserDataDir(launch.userDataDir);
  return spawn(launch.executable, browserArgs(launch), {
    env: { ...process.env, ...launch.env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
}

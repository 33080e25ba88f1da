import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXTENSION_ID, NATIVE_HOST_NAME } from '@vmark/shared';
import { vmarkLaunch } from './nodeFlags';

export const ALLOWED_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;

export interface HostManifest {
  name: string;
  description: string;
  path: string;
  type: 'stdio';
  allowed_origins: string[];
}

/** The browser starts the host with a clean argv; the wrapper pins the Node that ran the install. */
export function writeHostWrapper(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const wrapper = path.join(dir, 'vmark-host.sh');
  const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  const { command, args } = vmarkLaunch('host');
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${[command, ...args].map(quote).join(' ')} "$@"\n`, { mode: 0o755 });
  fs.chmodSync(wrapper, 0o755);
  return wrapper;
}

export function hostManifest(wrapperPath: string): HostManifest {
  return {
    name: NATIVE_HOST_NAME,
    description: 'VMark native host: connects AI clients (vmark mcp) to the VMark extension',
    path: wrapperPath,
    type: 'stdio',
    allowed_origins: [ALLOWED_ORIGIN],
  };
}

export function writeHostManifest(manifestDir: string, wrapperPath: string): string {
  fs.mkdirSync(manifestDir, { recursive: true });
  const file = path.join(manifestDir, `${NATIVE_HOST_NAME}.json`);
  fs.writeFileSync(file, `${JSON.stringify(hostManifest(wrapperPath), null, 2)}\n`);
  return file;
}

export type BrowserName = 'chrome' | 'chromium' | 'edge' | 'brave';
export const BROWSER_NAMES: readonly BrowserName[] = ['chrome', 'chromium', 'edge', 'brave'];

/** Per-user manifest folders of each browser (Linux and macOS; Windows uses the registry). */
export function userManifestDir(browser: BrowserName): string {
  const home = os.homedir();
  if (process.platform === 'darwin') {
    const base = path.join(home, 'Library', 'Application Support');
    const sub = { chrome: 'Google/Chrome', chromium: 'Chromium', edge: 'Microsoft Edge', brave: 'BraveSoftware/Brave-Browser' }[browser];
    return path.join(base, sub, 'NativeMessagingHosts');
  }
  const config = process.env.XDG_CONFIG_HOME ?? path.join(home, '.config');
  const sub = { chrome: 'google-chrome', chromium: 'chromium', edge: 'microsoft-edge', brave: 'BraveSoftware/Brave-Browser' }[browser];
  return path.join(config, sub, 'NativeMessagingHosts');
}

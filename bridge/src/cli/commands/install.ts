import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { NATIVE_HOST_NAME } from '@vmark/shared';
import { writeHostManifest, writeHostWrapper, userManifestDir, BROWSER_NAMES, type BrowserName } from '../../os/hostManifest';
import { stateDir } from '../../os/dirs';

const REGISTRY_KEYS: Record<BrowserName, string> = {
  chrome: 'HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts',
  chromium: 'HKCU\\Software\\Chromium\\NativeMessagingHosts',
  edge: 'HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts',
  brave: 'HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts',
};

/** Registers the host for one Chromium user-data folder (Chromium reads <user-data-dir>/NativeMessagingHosts). */
export function installForUserDataDir(userDataDir: string): void {
  const wrapper = writeHostWrapper(stateDir());
  console.log(`user-data folder ${userDataDir}: wrote ${writeHostManifest(path.join(userDataDir, 'NativeMessagingHosts'), wrapper)}`);
}

export function installCommand(browsers: BrowserName[]): void {
  const wrapper = writeHostWrapper(stateDir());
  for (const browser of browsers) {
    if (process.platform === 'win32') {
      const manifest = writeHostManifest(path.join(stateDir(), 'manifests', browser), wrapper);
      execFileSync('reg', ['add', `${REGISTRY_KEYS[browser]}\\${NATIVE_HOST_NAME}`, '/ve', '/t', 'REG_SZ', '/d', manifest, '/f']);
      console.log(`${browser}: registered ${manifest}`);
    } else {
      console.log(`${browser}: wrote ${writeHostManifest(userManifestDir(browser), wrapper)}`);
    }
  }
  console.log(`Host wrapper: ${wrapper} (runs ${process.execPath})`);
}

export function parseBrowser(value: string | undefined): BrowserName[] {
  if (value === undefined) return [...BROWSER_NAMES];
  if ((BROWSER_NAMES as readonly string[]).includes(value)) return [value as BrowserName];
  throw new Error(`--browser must be one of ${BROWSER_NAMES.join(', ')}`);
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or installed package) root: the nearest folder above this code that holds bridge/package.json. */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'bridge', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..', '..');
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
export const VMARK_ENTRY = path.join(PACKAGE_ROOT, 'bridge', 'dist', 'vmark.mjs');
export const EXTENSION_DIR = path.join(PACKAGE_ROOT, 'extension', 'dist');
export const WEB_DIR = path.join(PACKAGE_ROOT, 'web', 'dist');

const BROWSER_CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/usr/bin/microsoft-edge',
  '/usr/bin/brave-browser',
];

/**
 * Chromium first: branded Google Chrome ignores --load-extension since version 137, so it can
 * only run VMark with the extension installed from its store or by hand.
 */
export function findBrowser(explicit?: string): string | null {
  const wanted = explicit ?? process.env.VMARK_BROWSER;
  if (wanted) return fs.existsSync(wanted) ? wanted : null;
  return BROWSER_CANDIDATES.find((c) => fs.existsSync(c)) ?? null;
}

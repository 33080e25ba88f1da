import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADLESS_FLAGS } from '../../../bridge/src/launch/browserProcess';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const VMARK = path.join(REPO_ROOT, 'bridge', 'dist', 'vmark.mjs');
export const EXTENSION_DIR = path.join(REPO_ROOT, 'extension', 'dist');
export const BROWSER = process.env.VMARK_BROWSER ?? '/usr/lib/chromium/chromium';
export const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...HEADLESS_FLAGS,
];

import fs from 'node:fs';
import path from 'node:path';
import { EXTENSION_ID } from '@vmark/shared';

type Json = Record<string, unknown>;

const objectAt = (parent: Json, key: string): Json => {
  const value = parent[key];
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  const fresh: Json = {};
  parent[key] = fresh;
  return fresh;
};

/**
 * Switches on "Allow in Incognito" for the extension in a user-data folder VMark owns (the one `vmark start`
 * and `--headless` launch), so its Sandbox tabs get a cookie store of their own. Written while the
 * browser is not running: Chromium reads Preferences at start and rewrites it at exit. A person's
 * own user-data folder is never touched; there the person switches it on in chrome://extensions.
 */
export function allowExtensionInIncognito(userDataDir: string): void {
  const file = path.join(userDataDir, 'Default', 'Preferences');
  let prefs: Json = {};
  if (fs.existsSync(file)) {
    try {
      prefs = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
    } catch {
      return; // a Preferences file Chromium cannot read either is left for Chromium to repair
    }
  }
  const settings = objectAt(objectAt(objectAt(prefs, 'extensions'), 'settings'), EXTENSION_ID);
  if (settings.incognito === true) return;
  settings.incognito = true;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(prefs));
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A fresh native folder the host serves for each test: `<root>/<name>`, listed in the host state's
 * native-roots.json (VMARK_STATE_DIR points there). Read `.path` inside a test, not at import.
 */
export function useServedWorkspace(prefix: string, name = 'book'): { readonly root: string; readonly path: string } {
  const served = { root: '', path: '' };
  beforeEach(() => {
    served.root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
    served.path = path.join(served.root, name);
    fs.mkdirSync(path.join(served.root, 'state'), { recursive: true });
    fs.mkdirSync(served.path);
    fs.writeFileSync(path.join(served.root, 'state', 'native-roots.json'), JSON.stringify([served.path]));
    vi.stubEnv('VMARK_STATE_DIR', path.join(served.root, 'state'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(served.root, { recursive: true, force: true });
  });
  return served;
}

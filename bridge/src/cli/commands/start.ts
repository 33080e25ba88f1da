import path from 'node:path';
import { DEFAULT_EDITOR_PORT } from '@vmark/shared';
import { launchBrowser } from '../../launch/browserProcess';
import { serveEditor } from '../../launch/editorServer';
import { addAllowedRoot } from '../../host/nativeFolders';
import { ensureRuntimeDir } from '../../host/runtimeFile';
import { stateDir } from '../../os/dirs';
import { findBrowser } from '../../os/locations';
import { writeLaunchSettings } from '../../os/launchSettings';
import { clientSnippets } from '../clientSnippets';

export interface StartOptions {
  workspace?: string;
  browser?: string;
  port?: number;
}

function hasDisplay(): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** The person's VMark: the editor on its fixed port, their browser with the extension and host, until Ctrl+C. */
export async function startCommand(options: StartOptions): Promise<void> {
  const executable = findBrowser(options.browser);
  if (!executable) {
    throw new Error('No Chromium-based browser found. Install Chromium or pass --browser PATH (or set VMARK_BROWSER).');
  }
  ensureRuntimeDir();
  writeLaunchSettings({ allowLoopback: false, trustedInput: true });
  const editor = await serveEditor(options.port ?? DEFAULT_EDITOR_PORT);
  const query = options.workspace ? `?workspace=${encodeURIComponent(addAllowedRoot(options.workspace))}` : '';
  const headless = !hasDisplay();
  const browser = launchBrowser({
    executable,
    userDataDir: path.join(stateDir(), 'profile'),
    url: `${editor.url}${query}`,
    headless,
  });
  console.log(`VMark editor: ${editor.url}${query}`);
  console.log(`Browser: ${executable}${headless ? ' (headless: no display found)' : ''}`);
  console.log('');
  console.log(clientSnippets());
  console.log('');
  console.log('Press Ctrl+C to stop.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve).once('SIGTERM', resolve);
    browser.once('exit', () => {
      console.log('The browser closed.');
      resolve();
    });
  });
  browser.kill('SIGTERM');
  await editor.close();
}

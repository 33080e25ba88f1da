import fs from 'node:fs';
import net from 'node:net';
import { NATIVE_HOST_NAME } from '@vmark/shared';
import path from 'node:path';
import { readRuntimeFile } from '../../host/runtimeInfo';
import { stateDir } from '../../os/dirs';
import { ALLOWED_ORIGIN, BROWSER_NAMES, userManifestDir, type HostManifest } from '../../os/hostManifest';
import { EXTENSION_DIR, WEB_DIR, findBrowser } from '../../os/locations';
import { keychainCheck, type Check } from './doctorKeychain';

function checkManifest(dir: string, label: string): Check {
  const file = path.join(dir, `${NATIVE_HOST_NAME}.json`);
  if (!fs.existsSync(file)) return { ok: false, what: `${label}: no host manifest at ${file}`, fix: 'run `vmark install`' };
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as HostManifest;
    if (!manifest.allowed_origins?.includes(ALLOWED_ORIGIN)) {
      return { ok: false, what: `${label}: ${file} does not allow ${ALLOWED_ORIGIN}`, fix: 'run `vmark install` again' };
    }
    const wrapper = fs.existsSync(manifest.path) ? fs.readFileSync(manifest.path, 'utf8') : null;
    if (wrapper === null) return { ok: false, what: `${label}: wrapper ${manifest.path} is missing`, fix: 'run `vmark install` again' };
    if ((fs.statSync(manifest.path).mode & 0o111) === 0) {
      return { ok: false, what: `${label}: wrapper ${manifest.path} is not executable`, fix: `chmod +x ${manifest.path}` };
    }
    const node = /exec '([^']+)'/.exec(wrapper)?.[1];
    if (!node || !fs.existsSync(node)) {
      return { ok: false, what: `${label}: the Node recorded in the wrapper (${node ?? '?'}) is gone`, fix: 'run `vmark install` again' };
    }
    return { ok: true, what: `${label}: ${file} → ${manifest.path}` };
  } catch (error) {
    return { ok: false, what: `${label}: ${file} is not valid JSON (${(error as Error).message})`, fix: 'run `vmark install` again' };
  }
}

async function checkSocket(): Promise<Check> {
  const info = readRuntimeFile();
  if (!info) return { ok: false, what: 'host: not running (no runtime file)', fix: 'start the browser with `vmark start`; the extension starts the host' };
  const reachable = await new Promise<boolean>((resolve) => {
    const s = net.createConnection(info.socket);
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
  return reachable
    ? { ok: true, what: `host: running (pid ${info.pid}) on ${info.socket}` }
    : { ok: false, what: `host: runtime file names ${info.socket}, which does not answer`, fix: 'reload the extension or restart the browser' };
}

export async function doctorCommand(): Promise<boolean> {
  const major = Number(process.versions.node.split('.')[0]);
  const checks: Check[] = [
    { ok: major >= 20, what: `node ${process.versions.node}`, ...(major >= 20 ? {} : { fix: 'install Node 20 or newer' }) },
    { ok: fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json')), what: `extension build at ${EXTENSION_DIR}`, fix: 'run `npm run build`' },
    { ok: fs.existsSync(path.join(WEB_DIR, 'index.html')), what: `editor build at ${WEB_DIR}`, fix: 'run `npm run build`' },
  ];
  const browser = findBrowser();
  checks.push(browser ? { ok: true, what: `browser ${browser}` } : { ok: false, what: 'no Chromium found', fix: 'install chromium or set VMARK_BROWSER' });
  const manifests = [
    checkManifest(path.join(stateDir(), 'profile', 'NativeMessagingHosts'), 'vmark start user-data folder'),
    ...BROWSER_NAMES.map((b) => checkManifest(userManifestDir(b), b)),
  ];
  // one registered browser is enough
  if (manifests.some((m) => m.ok)) checks.push(...manifests.filter((m) => m.ok));
  else checks.push(...manifests);
  checks.push(await checkSocket());
  checks.push(await keychainCheck());
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.what}${c.ok || !c.fix ? '' : `\n     fix: ${c.fix}`}`);
  return checks.every((c) => c.ok);
}

import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_EDITOR_PORT } from '@vmark/shared/protocol/version';
import { runtimeDir } from '../os/dirs';
import { isProcessAlive } from '../os/processes';

/**
 * Which web origins are VMark editors. The extension accepts editor connections from loopback
 * pages only (externally_connectable), but any local server's page is on loopback too; so every
 * editor server registers its port here, and the host tells the extension. The default port is
 * always an editor: the installed PWA runs from its cache there even when nothing serves it.
 */
const registrations = () => path.join(runtimeDir(), 'editors');

const originsOf = (port: number) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

/** Registers this process's editor server; the returned function takes it back (a dead process's entry is ignored anyway). */
export function registerEditorPort(port: number): () => void {
  fs.mkdirSync(registrations(), { recursive: true, mode: 0o700 });
  const file = path.join(registrations(), `${process.pid}-${port}.json`);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  return () => fs.rmSync(file, { force: true });
}

export function editorOrigins(): string[] {
  const ports = new Set([DEFAULT_EDITOR_PORT]);
  let names: string[] = [];
  try {
    names = fs.readdirSync(registrations());
  } catch {
    // nothing registered yet
  }
  for (const name of names) {
    try {
      const entry = JSON.parse(fs.readFileSync(path.join(registrations(), name), 'utf8')) as { pid: number; port: number };
      if (Number.isInteger(entry.port) && isProcessAlive(entry.pid)) ports.add(entry.port);
    } catch {
      // a half-written or foreign file names no editor
    }
  }
  return [...ports].flatMap(originsOf);
}

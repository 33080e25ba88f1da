import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runtimeDir, runtimeFilePath, socketPath } from '../os/dirs';
import { readRuntimeFile, type RuntimeInfo } from './runtimeInfo';

/** Creates the 0700 runtime directory (and repairs its mode if it already existed). */
export function ensureRuntimeDir(): string {
  const dir = runtimeDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
}

export function writeRuntimeFile(version: string): RuntimeInfo {
  ensureRuntimeDir();
  const info: RuntimeInfo = { socket: socketPath(), token: crypto.randomBytes(32).toString('hex'), pid: process.pid, version };
  const file = runtimeFilePath();
  const tmp = path.join(path.dirname(file), `.host.${process.pid}.json`);
  fs.writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return info;
}

/** Removes the runtime file only if it is still ours (a newer host may have replaced it). */
export function removeRuntimeFile(pid: number): void {
  const info = readRuntimeFile();
  if (info && info.pid === pid) fs.rmSync(runtimeFilePath(), { force: true });
}

import fs from 'node:fs';
import { runtimeFilePath } from '../os/dirs';

/** What the running host publishes for bridges (written by runtimeFile.ts, which needs node:crypto; reading does not, and `vmark mcp` only reads). */
export interface RuntimeInfo {
  socket: string;
  token: string;
  pid: number;
  version: string;
}

export function readRuntimeFile(): RuntimeInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(runtimeFilePath(), 'utf8')) as RuntimeInfo;
    return typeof info.socket === 'string' && typeof info.token === 'string' ? info : null;
  } catch {
    return null;
  }
}

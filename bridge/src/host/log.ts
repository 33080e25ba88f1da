import fs from 'node:fs';
import path from 'node:path';
import { hostLogPath } from '../os/dirs';

/** The host's stdout carries only frames, so everything it has to say goes to a file. */
export function createLog(file = hostLogPath()): (message: string) => void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch {
    // an unwritable state dir must not stop the host
  }
  return (message) => {
    try {
      fs.appendFileSync(file, `${new Date().toISOString()} [${process.pid}] ${message}\n`);
    } catch {
      // logging is best effort
    }
  };
}

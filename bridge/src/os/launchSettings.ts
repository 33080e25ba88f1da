import fs from 'node:fs';
import path from 'node:path';
import { runtimeDir } from './dirs';

/** Settings of one launch that the host hands to the extension (the CLI cannot reach extension storage). */
export interface LaunchSettings {
  allowLoopback: boolean;
  /** The profile was launched by VMark with --silent-debugger-extension-api: act uses trusted (CDP) input. */
  trustedInput: boolean;
}

const file = () => path.join(runtimeDir(), 'launch.json');

export function writeLaunchSettings(settings: LaunchSettings): void {
  fs.writeFileSync(file(), JSON.stringify(settings), { mode: 0o600 });
}

export function readLaunchSettings(): LaunchSettings {
  try {
    const s = JSON.parse(fs.readFileSync(file(), 'utf8')) as Partial<LaunchSettings>;
    return { allowLoopback: s.allowLoopback === true, trustedInput: s.trustedInput === true };
  } catch {
    return { allowLoopback: false, trustedInput: false };
  }
}

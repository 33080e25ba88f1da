import os from 'node:os';
import path from 'node:path';

/**
 * Per-user directories. Environment overrides let tests and parallel stacks run side by side;
 * the host inherits them from the browser that spawned it.
 */
export function runtimeDir(): string {
  if (process.env.VMARK_RUNTIME_DIR) return process.env.VMARK_RUNTIME_DIR;
  if (process.env.XDG_RUNTIME_DIR) return path.join(process.env.XDG_RUNTIME_DIR, 'vmark');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(os.tmpdir(), `vmark-${uid}`);
}

export function stateDir(): string {
  if (process.env.VMARK_STATE_DIR) return process.env.VMARK_STATE_DIR;
  const base = process.env.XDG_STATE_HOME ?? path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'vmark');
}

export function runtimeFilePath(): string {
  return path.join(runtimeDir(), 'host.json');
}

export function socketPath(): string {
  if (process.platform === 'win32') return `\\\\.\\pipe\\vmark-${os.userInfo().username}`;
  return path.join(runtimeDir(), 'host.sock');
}

export function hostLogPath(): string {
  return path.join(stateDir(), 'host.log');
}

/** Native folders the person opened through the CLI or approved; the host serves only these. */
export function allowedRootsPath(): string {
  return path.join(stateDir(), 'native-roots.json');
}

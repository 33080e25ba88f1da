import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/**
 * A real Secret Service for tests: a private session bus (dbus-daemon) with gnome-keyring-daemon on
 * it, its login keyring created and unlocked in a fresh HOME. Nothing of the person's keychain is
 * touched. Needs the Debian packages dbus-daemon and gnome-keyring (`.ci/run` installs them).
 */
export interface SecretService {
  /** What a process needs to use it: DBUS_SESSION_BUS_ADDRESS. */
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  /** Locks the login keyring, as a screen lock would: reads and writes then fail until it is unlocked. */
  lock(): void;
  stop(): Promise<void>;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`${child.spawnfile} exited with ${code} before it was ready`)));
  });
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function hasSecretsOwner(address: string): boolean {
  const probe = spawnSync(
    'dbus-send',
    ['--bus=' + address, '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
    { encoding: 'utf8' },
  );
  return probe.stdout.includes('boolean true');
}

export async function startSecretService(): Promise<SecretService> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-keyring-'));
  const home = path.join(root, 'home');
  const runtime = path.join(root, 'run');
  fs.mkdirSync(home);
  fs.mkdirSync(runtime, { mode: 0o700 });
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1', `--address=unix:path=${path.join(runtime, 'bus')}`], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await firstLine(bus);
  const env = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime, DBUS_SESSION_BUS_ADDRESS: address };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
  keyring.stdin.end('vmark-test-keyring');
  for (let tries = 0; !hasSecretsOwner(address); tries++) {
    if (tries > 100 || keyring.exitCode !== null) throw new Error('gnome-keyring-daemon did not offer org.freedesktop.secrets');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    lock() {
      const locked = spawnSync(
        'dbus-send',
        ['--bus=' + address, '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.Lock', 'array:objpath:/org/freedesktop/secrets/collection/login'],
        { encoding: 'utf8' },
      );
      if (locked.status !== 0) throw new Error(`locking the keyring failed: ${locked.stderr}`);
    },
    async stop() {
      keyring.kill();
      bus.kill();
      await Promise.all([ended(keyring), ended(bus)]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

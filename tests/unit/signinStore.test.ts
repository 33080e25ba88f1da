import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keychainCheck, type Check } from '../../bridge/src/cli/commands/doctorKeychain';
import { checkKeychain, osKeychain, osKeychainOf } from '../../bridge/src/host/signins/keychain';
import { SigninStore } from '../../bridge/src/host/signins/signinStore';
import { PROFILE_KEYCHAIN_SERVICE, ProfileJarStore } from '../../bridge/src/host/signins/profileJarStore';
import { runProfileJarService } from '../../bridge/src/host/signins/profileJarService';
import { ServiceError } from '../../bridge/src/host/serviceError';
import { startSecretService, type SecretService } from '../support/secretService';

// The host's sign-in store against a real Secret Service (gnome-keyring on a private session bus).
let service: SecretService;
let dir: string;
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
const snapshot = JSON.stringify({ cookies: [{ name: 'sid', value: 'cookie-secret-1' }], localStorage: [['token', 'storage-secret-1']] });

beforeAll(async () => {
  service = await startSecretService();
  process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-signins-'));
});

afterAll(async () => {
  process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
  await service?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const CHECK_IN_CHILD = `import('${path.resolve(__dirname, '../../bridge/src/cli/commands/doctorKeychain.ts')}').then(async (m) => console.log(JSON.stringify(await m.keychainCheck())))`;

const codeOf = async (work: Promise<unknown>) => {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).code;
};

describe('SigninStore on a real Secret Service', () => {
  const store = () => new SigninStore(osKeychain, () => dir);

  it('BRW-SESS-01 BRW-SESS-05 keeps the key in the keychain and only ciphertext on disk (0600); loads back what was saved', async () => {
    const info = await store().save({ handle: 'app.main', origin: 'https://app.example', snapshot, cookies: 1, storageKeys: 1, replace: false });
    expect(info).toMatchObject({ handle: 'app.main', origin: 'https://app.example', cookies: 1, storageKeys: 1 });
    const file = path.join(dir, 'app.main.bin');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const onDisk = fs.readFileSync(file);
    expect(onDisk.includes('cookie-secret-1')).toBe(false);
    expect(onDisk.includes('storage-secret-1')).toBe(false);
    const keychainValue = (await osKeychain.get('app.main'))!;
    expect(keychainValue.length).toBeLessThan(1280);
    expect(keychainValue).not.toContain('secret-1');
    expect(await store().load('app.main')).toEqual({ info, snapshot });
    expect(await store().list()).toEqual([info]);
  });

  it('replaces an existing handle only when told to; an unknown handle is SESSION_NOT_FOUND; forget removes both halves', async () => {
    expect(await codeOf(store().save({ handle: 'app.main', origin: 'https://app.example', snapshot, cookies: 1, storageKeys: 1, replace: false }))).toBe('SESSION_EXISTS');
    await store().save({ handle: 'app.main', origin: 'https://app.example', snapshot: '{"cookies":[],"localStorage":[]}', cookies: 0, storageKeys: 0, replace: true });
    expect((await store().load('app.main')).snapshot).toBe('{"cookies":[],"localStorage":[]}');
    expect(await codeOf(store().load('nobody'))).toBe('SESSION_NOT_FOUND');
    expect(await store().forget('app.main')).toBe(true);
    expect(fs.existsSync(path.join(dir, 'app.main.bin'))).toBe(false);
    expect(await codeOf(store().load('app.main'))).toBe('SESSION_NOT_FOUND');
  });

  it('a snapshot file swapped under another handle is refused, never decrypted', async () => {
    await store().save({ handle: 'a', origin: 'https://a.example', snapshot, cookies: 1, storageKeys: 1, replace: false });
    await store().save({ handle: 'b', origin: 'https://b.example', snapshot, cookies: 1, storageKeys: 1, replace: false });
    fs.copyFileSync(path.join(dir, 'a.bin'), path.join(dir, 'b.bin'));
    expect(await codeOf(store().load('b'))).toBe('SESSION_NOT_FOUND');
  });

  it('BRW-OPEN-01 a named profile\'s jar is sealed like a sign-in: key in the keychain (its own service), ciphertext on disk, forget removes both', async () => {
    const jars = new ProfileJarStore(osKeychainOf(PROFILE_KEYCHAIN_SERVICE), () => path.join(dir, 'profiles'));
    const jar = JSON.stringify([{ name: 'sid', value: 'profile-secret-1' }]);
    expect(await jars.load('work')).toBeNull();
    const info = await runProfileJarService({ op: 'profileJar.save', name: 'work', jar }, jars);
    expect(info).toMatchObject({ name: 'work', cookies: 1 });
    const file = path.join(dir, 'profiles', 'work.bin');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file).includes('profile-secret-1')).toBe(false);
    expect(await osKeychain.get('work')).toBeNull();
    expect(await osKeychainOf(PROFILE_KEYCHAIN_SERVICE).get('work')).not.toContain('profile-secret-1');
    expect(await jars.load('work')).toBe(jar);
    expect(await jars.list()).toEqual([info]);
    expect(await codeOf(runProfileJarService({ op: 'profileJar.save', name: '../x', jar }, jars))).toBe('INVALID_PROFILE');
    expect(await codeOf(runProfileJarService({ op: 'profileJar.save', name: 'x', jar: '{}' }, jars))).toBe('INVALID_JAR');
    expect(await jars.forget('work')).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await jars.load('work')).toBeNull();
  });

  it('vmark doctor\'s keychain check passes on an unlocked keychain; a locked one or none fails, saying how to fix it', async () => {
    expect(await keychainCheck()).toMatchObject({ ok: true });
    // the binding keeps its bus connection for the process: a process of its own without a bus
    const noBus = spawnSync(process.execPath, ['--import', 'tsx', '-e', CHECK_IN_CHILD], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/vmark-bus' },
      encoding: 'utf8',
    });
    const missing = JSON.parse(noBus.stdout.trim().split('\n').at(-1)!) as Check;
    expect(missing).toMatchObject({ ok: false, fix: expect.stringMatching(/Secret Service.*gnome-keyring/) });
    expect(missing.what).toMatch(/cannot be reached/);
    service.lock();
    expect((await checkKeychain())?.code).toBe('KEYCHAIN_LOCKED');
    expect(await keychainCheck()).toMatchObject({ ok: false, fix: expect.stringMatching(/^unlock the login keyring/) });
    expect(await codeOf(store().load('a'))).toBe('KEYCHAIN_LOCKED');
  });
});

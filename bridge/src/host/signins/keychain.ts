import type { AsyncEntry } from '@napi-rs/keyring';
import { ServiceError } from '../serviceError';

/** The keychain service all of VMark's sign-in entries are filed under (account = handle). */
export const KEYCHAIN_SERVICE = 'vmark-signins';

/**
 * On Linux the store is pinned to the Secret Service: without a session bus keyring-rs would
 * otherwise fall back, silently, to the kernel keyring, which forgets everything at reboot.
 */
const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };

/** A keyring failure: `problem` says what is wrong, the message adds what the AI should do. */
export class KeychainError extends ServiceError {
  constructor(
    code: 'KEYCHAIN_LOCKED' | 'KEYCHAIN_UNAVAILABLE',
    readonly problem: string,
  ) {
    super(code, `${problem}; ${code === 'KEYCHAIN_LOCKED' ? 'ask the user to unlock it, then retry' : 'run `vmark doctor` for how to set one up'}`);
  }
}

/** Turns a keyring failure into the refusal the AI gets: locked (the person can unlock it) or unreachable. */
export function keychainError(error: unknown): KeychainError {
  if (error instanceof KeychainError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/lock|prompt/i.test(message)) return new KeychainError('KEYCHAIN_LOCKED', `The OS keychain is locked (${message})`);
  return new KeychainError('KEYCHAIN_UNAVAILABLE', `The OS keychain cannot be reached (${message})`);
}

async function withKeychain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw keychainError(error);
  }
}

/** The small per-handle secret (key and facts of a snapshot) kept in the OS keychain. */
export interface Keychain {
  get(handle: string): Promise<string | null>;
  set(handle: string, value: string): Promise<void>;
  delete(handle: string): Promise<boolean>;
}

/** The native keyring addon, loaded on the first keychain use: it adds ~4.5 MB to every `vmark host`, most of which never signs in. */
async function entry(service: string, account: string): Promise<AsyncEntry> {
  const keyring = await import('@napi-rs/keyring');
  return new keyring.AsyncEntry(service, account, ENTRY_OPTIONS);
}

/** The OS keychain's entries filed under `service` (account = the entry's name). */
export function osKeychainOf(service: string): Keychain {
  return {
    get: (account) => withKeychain(async () => (await entry(service, account)).getPassword()),
    set: (account, value) => withKeychain(async () => (await entry(service, account)).setPassword(value)),
    delete: (account) => withKeychain(async () => (await entry(service, account)).deleteCredential()),
  };
}

export const osKeychain: Keychain = osKeychainOf(KEYCHAIN_SERVICE);

/** For `vmark doctor`: writes, reads back and deletes a probe entry. Null when that works, else what is wrong. */
export async function checkKeychain(keychain: Keychain = osKeychain): Promise<KeychainError | null> {
  const probe = `doctor-probe-${process.pid}`;
  try {
    await keychain.set(probe, 'ok');
    const back = await keychain.get(probe);
    await keychain.delete(probe);
    return back === 'ok' ? null : new KeychainError('KEYCHAIN_UNAVAILABLE', 'The OS keychain did not give back what was written to it');
  } catch (error) {
    return keychainError(error);
  }
}

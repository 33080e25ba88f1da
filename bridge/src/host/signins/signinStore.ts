import fs from 'node:fs/promises';
import path from 'node:path';
import type { SigninInfo } from '@vmark/shared';
import { stateDir } from '../../os/dirs';
import { ServiceError } from '../serviceError';
import { osKeychain, type Keychain } from './keychain';
import { seal, unseal, writeSealedFile } from './sealedFile';

/**
 * Sign-ins by reference (see README.md here): the snapshot is encrypted with a fresh AES-256-GCM
 * key per save and written to `<state dir>/signins/<handle>.bin` (mode 0600); the key and the
 * snapshot's facts live in the OS keychain under the handle. The keychain value stays a few hundred
 * bytes whatever the snapshot's size, so every platform's keychain holds it (Windows: 2,560 bytes).
 */
interface KeychainRecord {
  v: 1;
  /** base64 AES-256 key */
  k: string;
  origin: string;
  /** sha256 of the file, hex: a swapped or truncated file is refused before it is decrypted. */
  sha256: string;
  savedAt: number;
  cookies: number;
  storageKeys: number;
}

export function signinDir(): string {
  return path.join(stateDir(), 'signins');
}

/** The handle and origin are bound into the ciphertext: a file moved to another handle does not decrypt. */
function aad(handle: string, origin: string): string {
  return `vmark-signin|v1|${handle}|${origin}`;
}

function parseRecord(handle: string, value: string): KeychainRecord {
  try {
    const record = JSON.parse(value) as KeychainRecord;
    if (record.v === 1 && typeof record.k === 'string' && typeof record.origin === 'string') return record;
  } catch {
    // falls through
  }
  throw new ServiceError('SESSION_NOT_FOUND', `The keychain entry of "${handle}" is not one VMark wrote; save the sign-in again with browser.session_save`);
}

function infoOf(handle: string, record: KeychainRecord): SigninInfo {
  return { handle, origin: record.origin, savedAt: record.savedAt, cookies: record.cookies, storageKeys: record.storageKeys };
}

export interface SaveRequest {
  handle: string;
  origin: string;
  snapshot: string;
  cookies: number;
  storageKeys: number;
  replace: boolean;
}

export class SigninStore {
  constructor(
    private readonly keychain: Keychain = osKeychain,
    private readonly dir: () => string = signinDir,
  ) {}

  private file(handle: string): string {
    return path.join(this.dir(), `${handle}.bin`);
  }

  async info(handle: string): Promise<SigninInfo | null> {
    const value = await this.keychain.get(handle);
    return value === null ? null : infoOf(handle, parseRecord(handle, value));
  }

  async save(request: SaveRequest): Promise<SigninInfo> {
    const { handle, origin } = request;
    if (!request.replace && (await this.keychain.get(handle)) !== null) {
      throw new ServiceError('SESSION_EXISTS', `A sign-in is already saved as "${handle}"; replacing it needs the user's approval`);
    }
    const sealed = seal(request.snapshot, aad(handle, origin));
    const record: KeychainRecord = {
      v: 1,
      k: sealed.key,
      origin,
      sha256: sealed.sha256,
      savedAt: Date.now(),
      cookies: request.cookies,
      storageKeys: request.storageKeys,
    };
    // the keychain entry first: if it cannot be written, the old file (and the old sign-in) stays whole
    await writeSealedFile(this.file(handle), sealed.body, () => this.keychain.set(handle, JSON.stringify(record)));
    return infoOf(handle, record);
  }

  async load(handle: string): Promise<{ info: SigninInfo; snapshot: string }> {
    const value = await this.keychain.get(handle);
    if (value === null) throw new ServiceError('SESSION_NOT_FOUND', `No sign-in is saved as "${handle}"; save one with browser.session_save first`);
    const record = parseRecord(handle, value);
    let body: Buffer;
    try {
      body = await fs.readFile(this.file(handle));
    } catch {
      throw new ServiceError('SESSION_NOT_FOUND', `The saved sign-in "${handle}" has lost its snapshot file; save it again with browser.session_save`);
    }
    const snapshot = unseal(body, record.k, record.sha256, aad(handle, record.origin));
    if (snapshot === null) {
      throw new ServiceError('SESSION_NOT_FOUND', `The snapshot file of "${handle}" does not match its keychain entry; save the sign-in again with browser.session_save`);
    }
    return { info: infoOf(handle, record), snapshot };
  }

  /** Every saved sign-in: the snapshot files name them, the keychain says what they are. */
  async list(): Promise<SigninInfo[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir());
    } catch {
      return [];
    }
    const out: SigninInfo[] = [];
    for (const name of names.filter((n) => n.endsWith('.bin')).sort()) {
      const info = await this.info(name.slice(0, -'.bin'.length)).catch((error: unknown) => {
        if (error instanceof ServiceError && error.code === 'SESSION_NOT_FOUND') return null;
        throw error;
      });
      if (info) out.push(info);
    }
    return out;
  }

  /** The keychain entry goes first: without its key, a file left behind is unreadable. */
  async forget(handle: string): Promise<boolean> {
    const had = await this.keychain.delete(handle);
    await fs.rm(this.file(handle), { force: true });
    return had;
  }
}

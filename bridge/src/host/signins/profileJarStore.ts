import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProfileJarInfo } from '@vmark/shared';
import { stateDir } from '../../os/dirs';
import { osKeychainOf, type Keychain } from './keychain';
import { seal, unseal, writeSealedFile } from './sealedFile';

/** The keychain service of the named AI profiles' keys (account = profile name). */
export const PROFILE_KEYCHAIN_SERVICE = 'vmark-profiles';

/**
 * The cookie jars of named AI profiles (browser.open's `profile`), sealed like a sign-in (README.md
 * here): `<state dir>/profiles/<name>.bin` encrypted, its key and facts in the OS keychain. The
 * extension keeps no value of them; it hands the jar here whenever the profile's cookies change.
 */
interface JarRecord {
  v: 1;
  k: string;
  sha256: string;
  savedAt: number;
  cookies: number;
}

export function profileJarDir(): string {
  return path.join(stateDir(), 'profiles');
}

const aad = (name: string) => `vmark-profile|v1|${name}`;

function parseRecord(value: string | null): JarRecord | null {
  if (value === null) return null;
  try {
    const record = JSON.parse(value) as JarRecord;
    if (record.v === 1 && typeof record.k === 'string' && typeof record.sha256 === 'string') return record;
  } catch {
    // falls through
  }
  return null;
}

export class ProfileJarStore {
  constructor(
    private readonly keychain: Keychain = osKeychainOf(PROFILE_KEYCHAIN_SERVICE),
    private readonly dir: () => string = profileJarDir,
  ) {}

  private file(name: string): string {
    return path.join(this.dir(), `${name}.bin`);
  }

  async save(name: string, jar: string, cookies: number): Promise<ProfileJarInfo> {
    const sealed = seal(jar, aad(name));
    const record: JarRecord = { v: 1, k: sealed.key, sha256: sealed.sha256, savedAt: Date.now(), cookies };
    await writeSealedFile(this.file(name), sealed.body, () => this.keychain.set(name, JSON.stringify(record)));
    return { name, savedAt: record.savedAt, cookies };
  }

  /** The jar (JSON of the cookies), or null for a profile that has none (never saved, forgotten, or its file gone). */
  async load(name: string): Promise<string | null> {
    const record = parseRecord(await this.keychain.get(name));
    if (record === null) return null;
    const body = await fs.readFile(this.file(name)).catch(() => null);
    return body === null ? null : unseal(body, record.k, record.sha256, aad(name));
  }

  async list(): Promise<ProfileJarInfo[]> {
    const names = await fs.readdir(this.dir()).catch(() => [] as string[]);
    const out: ProfileJarInfo[] = [];
    for (const file of names.filter((n) => n.endsWith('.bin')).sort()) {
      const name = file.slice(0, -'.bin'.length);
      const record = parseRecord(await this.keychain.get(name));
      if (record) out.push({ name, savedAt: record.savedAt, cookies: record.cookies });
    }
    return out;
  }

  /** The keychain entry goes first: without its key, a file left behind is unreadable. */
  async forget(name: string): Promise<boolean> {
    const had = await this.keychain.delete(name);
    await fs.rm(this.file(name), { force: true });
    return had;
  }
}

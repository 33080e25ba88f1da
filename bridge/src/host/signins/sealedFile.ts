import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Envelope encryption of one secret file (see README.md here): a fresh AES-256-GCM key per write,
 * the file = IV ‖ ciphertext ‖ tag (mode 0600, folder 0700). The key and the file's sha256 go to
 * the OS keychain; `aad` binds the file to its name, so a file moved under another name does not open.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealed {
  /** base64 AES-256 key, for the keychain entry */
  key: string;
  /** sha256 of the file, hex: a swapped or truncated file is refused before it is decrypted */
  sha256: string;
  body: Buffer;
}

export function seal(plaintext: string, aad: string): Sealed {
  const key = crypto.randomBytes(32);
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { key: key.toString('base64'), sha256: sha256(body), body };
}

/** The plaintext, or null when the file does not match `sha256` (swapped, truncated). Throws when it does not decrypt. */
export function unseal(body: Buffer, key: string, expectedSha256: string, aad: string): string | null {
  if (sha256(body) !== expectedSha256 || body.length < IV_BYTES + TAG_BYTES) return null;
  const decipher = crypto
    .createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64'), body.subarray(0, IV_BYTES))
    .setAAD(Buffer.from(aad, 'utf8'))
    .setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

function sha256(body: Buffer): string {
  return crypto.createHash('sha256').update(body).digest('hex');
}

/**
 * Writes `body` next to `file` (0600, in a 0700 folder), then runs `commit` (the keychain entry)
 * and only then renames it into place: when `commit` fails, the earlier file stays whole.
 */
export async function writeSealedFile(file: string, body: Buffer, commit: () => Promise<void>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, body, { mode: 0o600, flag: 'wx' });
  try {
    await commit();
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  await fs.rename(tmp, file);
}

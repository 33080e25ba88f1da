const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of base62 from the platform's CSPRNG (rejection sampling keeps it uniform). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Revision tokens: `rev-` + 8 base62 characters. */
export const newRevision = (): string => `rev-${randomBase62(8)}`;
export const newTabId = (): string => `tab-${randomBase62(8)}`;
export const newWorkspaceInstanceId = (): string => `wsi-${randomBase62(6)}`;

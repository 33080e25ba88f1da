import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** Lowercase hex SHA-256 of a string's UTF-8 bytes (sync, identical in Node and the browser worker). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export const utf8Length = (text: string): number => utf8ToBytes(text).length;

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits; ids minted in the same
 * millisecond by this process stay ordered through a 12-bit counter in rand_a.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  if (nowMs <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
    nowMs = lastMs;
  } else {
    lastMs = nowMs;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  let ms = nowMs;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

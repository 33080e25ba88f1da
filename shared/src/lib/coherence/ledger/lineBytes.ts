/**
 * Pieces for matching a ledger line exactly as the kernel writes it, on its bytes
 * (`transformationLine.ts`, `registrationLine.ts`): literals, plain values, JSON strings.
 */

export const NEWLINE = 0x0a;
export const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The characters JSON allows after a backslash, by byte (`u` is checked apart). */
const ESCAPES = new Uint8Array(128);
for (const c of '"\\/bfnrt') ESCAPES[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(128);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

/** A literal's bytes, and its first bytes four at a time as little-endian words (compared through a DataView). */
export interface Literal {
  bytes: Uint8Array;
  words: Int32Array;
}

export const lit = (text: string): Literal => {
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  return { bytes, words: words(bytes) };
};

function words(bytes: Uint8Array): Int32Array {
  const words = new Int32Array(bytes.length >> 2);
  for (let k = 0; k < words.length; k++) words[k] = (bytes[4 * k] as number) | ((bytes[4 * k + 1] as number) << 8) | ((bytes[4 * k + 2] as number) << 16) | ((bytes[4 * k + 3] as number) << 24);
  return words;
}

/** `literal` at `p`: the position after it, or -1. */
export function literal(buf: Uint8Array, view: DataView, p: number, text: Literal): number {
  const { bytes, words } = text;
  if (p < 0 || p + bytes.length > buf.length) return -1;
  let i = 0;
  for (let k = 0; k < words.length; k++, i += 4) if (view.getInt32(p + i, true) !== words[k]) return -1;
  for (; i < bytes.length; i++) if (buf[p + i] !== bytes[i]) return -1;
  return p + bytes.length;
}

/** A non-empty run of printable ASCII without `"` or `\` from `p` (before `end`): the position of the `"` closing it, or -1. */
export function plain(buf: Uint8Array, p: number, end: number): number {
  if (p < 0) return -1;
  let q = p;
  for (; q < end; q++) {
    const c = buf[q] as number;
    if (c === QUOTE) return q > p ? q : -1;
    if (c < 0x20 || c > 0x7e || c === BACKSLASH) return -1;
  }
  return -1;
}

/** The rest of any JSON string from `p` (UTF-8 bytes as they come): the position of its closing `"`, or -1. */
export function text(buf: Uint8Array, p: number, end: number): number {
  if (p < 0) return -1;
  for (let q = p; q < end; q++) {
    const c = buf[q] as number;
    if (c === QUOTE) return q;
    if (c < 0x20) return -1;
    if (c !== BACKSLASH) continue;
    const e = buf[q + 1] as number;
    if (e === 0x75) {
      for (let k = 2; k < 6; k++) if (!HEX[buf[q + k] as number]) return -1;
      q += 5;
    } else if (e < 128 && ESCAPES[e]) q += 1;
    else return -1;
  }
  return -1;
}

/** One of `options` followed by `"`: its index, or -1. */
export function oneOf(buf: Uint8Array, view: DataView, p: number, options: readonly Literal[]): number {
  for (let i = 0; i < options.length; i++) {
    const option = options[i] as Literal;
    if (literal(buf, view, p, option) >= 0 && buf[p + option.bytes.length] === QUOTE) return i;
  }
  return -1;
}

/** A matcher's hold on the buffer it reads lines from, and a DataView of it made once per buffer. */
export class LineReader {
  protected buf: Uint8Array = new Uint8Array(0);
  protected view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));

  protected reading(buf: Uint8Array): DataView {
    if (buf !== this.buf) {
      this.buf = buf;
      this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    return this.view;
  }
}

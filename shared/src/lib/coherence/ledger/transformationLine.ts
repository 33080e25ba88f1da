import { LineReader, lit, literal, NEWLINE, oneOf, plain, QUOTE, text, type Literal } from './lineBytes';

/**
 * A transformation line exactly as the kernel writes it (`JSON.stringify` of `kernel.entry`: fixed
 * key order, one output, inputs without `kind`), matched on its bytes, and its ids, revisions and
 * hashes packed as they are checked. A full replay reads ~200,000 of these and `JSON.parse` of each
 * would be most of its cost. A line this matches is one `parseLine` accepts as a valid
 * transformation; any other line is left to `parseLine`.
 *
 * Revisions, hashes and parents must be `rev1:<hex>` and `sha256:<hex>` (what `revisionId` and
 * `contentHash` make); ids, idems and objects plain ASCII without escapes (UUIDs are packed); the
 * other values (time, writer, agent id, intent) may be any JSON string.
 */

const OPEN = lit('{"format":0,"id":"');
const KIND = lit('","kind":"transformation","time":"');
const WRITER = lit('","writer":"');
const IDEM = lit('","idem":"');
const INPUTS = lit('","body":{"inputs":[');
const INPUT_OBJECT = lit('{"object":"');
const INPUT_REVISION = lit('","revision":"');
const INPUT_ROLE = lit('","role":"');
const INPUT_CLOSE = lit('"}');
const OUTPUT = lit('],"outputs":[{"object":"');
const REVISION = lit('","revision":"');
const HASH = lit('","content_hash":"');
const PARENTS = lit('","parents":[');
const AGENT = lit(']}],"agent":{"type":"');
const AGENT_ID = lit(',"id":"');
const INTENT = lit('},"intent":{"kind":"');
const SUMMARY = lit('","summary":"');
const CONFIDENCE = lit('"},"confidence":"');
const CLOSE = lit('"}}');

const ROLES = ['direct', 'contextual'].map(lit);
const AGENT_TYPES = ['human', 'model', 'external', 'git'].map(lit);
const CONFIDENCES = ['exact', 'inferred', 'unknown'].map(lit);
const REV1 = lit('rev1:');
const SHA256 = lit('sha256:');
/** The hex digits of `rev1:` and `sha256:` as `PackedColumn` packs them (`e1`, `a2 56`). */
const REV1_PACKED = [0xe1];
const SHA256_PACKED = [0xa2, 0x56];
/** Packed widths: a UUID, a revision, a content hash. */
export const UUID_BYTES = 16;
export const REVISION_BYTES = 33;
export const HASH_BYTES = 34;

const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;
/** Two lowercase hex digits (the first in the low byte) → their byte, else -1. */
const PAIR = new Int16Array(1 << 16).fill(-1);
const DIGITS = '0123456789abcdef';
for (let high = 0; high < 16; high++) for (let low = 0; low < 16; low++) PAIR[DIGITS.charCodeAt(high) | (DIGITS.charCodeAt(low) << 8)] = (high << 4) | low;

const DASH = 0x2d;

/** At most this many parents and inputs per line; a line with more is left to `parseLine`. */
const MOST = 64;
export const MOST_PARENTS = MOST;

/**
 * The values of the last line matched: packed where the value is of a packed shape (a UUID, a
 * revision, a hash), else as `[start, end)` byte positions in the buffer it was matched in.
 */
export class TransformationLine extends LineReader {
  idStart = 0;
  idEnd = 0;
  /**
   * Where the packed values go: the matcher's own scratch, or the rows of whoever reads the lines
   * (`replayColumns.ts` aims them at its next rows, so a value is written once).
   */
  idem: Uint8Array = new Uint8Array(UUID_BYTES);
  idemAt = 0;
  /** The idem is a UUID, packed; else it is at `[idemStart, idemEnd)`. */
  idemPacked = false;
  idemStart = 0;
  idemEnd = 0;
  readonly object = new Uint8Array(UUID_BYTES);
  objectPacked = false;
  objectStart = 0;
  objectEnd = 0;
  revision: Uint8Array = new Uint8Array(REVISION_BYTES);
  revisionAt = 0;
  hash: Uint8Array = new Uint8Array(HASH_BYTES);
  hashAt = 0;
  parents = 0;
  /** The parents, packed one after another from `parentAt` (room for MOST_PARENTS). */
  parentBytes: Uint8Array = new Uint8Array(REVISION_BYTES * MOST);
  parentAt = 0;
  inputs = 0;
  /** Start and end of each input's object, then of its revision, four by four. */
  readonly inputAt = new Int32Array(4 * MOST);
  /** Each input's role: 0 direct, 1 contextual. */
  readonly inputRole = new Uint8Array(MOST);

  private readonly scratch = new Uint8Array(UUID_BYTES);

  /**
   * Whether the line at `start` of `buf` is a transformation line in the kernel's form: the position
   * of the `\n` ending it, or -1 (a line it is not, or one without its `\n`: a torn last line).
   */
  match(buf: Uint8Array, start: number): number {
    const view = this.reading(buf);
    const end = buf.length;
    let p = literal(buf, view, start, OPEN);
    if (p < 0) return -1;
    let q = this.uuid(p, this.scratch, 0);
    if (q < 0) q = plain(buf, p, end);
    if (q < 0) return -1;
    this.idStart = p;
    this.idEnd = q;
    q = text(buf, (p = literal(buf, view, q, KIND)), end);
    if (q <= p) return -1;
    // the writer is a UUID (a per-installation id): checked as one, else as any string
    p = literal(buf, view, q, WRITER);
    q = this.uuid(p, this.scratch, 0);
    if (q < 0) q = text(buf, p, end);
    if (q <= p) return -1;
    p = literal(buf, view, q, IDEM);
    q = this.uuid(p, this.idem, this.idemAt);
    this.idemPacked = q >= 0;
    if (q < 0) q = plain(buf, p, end);
    if (q < 0) return -1;
    this.idemStart = p;
    this.idemEnd = q;
    p = literal(buf, view, q, INPUTS);
    if (p < 0) return -1;
    this.inputs = 0;
    if (buf[p] !== CLOSE_BRACKET) {
      for (;;) {
        if (this.inputs === MOST) return -1;
        const at = 4 * this.inputs;
        p = literal(buf, view, p, INPUT_OBJECT);
        q = plain(buf, p, end);
        if (q < 0) return -1;
        this.inputAt[at] = p;
        this.inputAt[at + 1] = q;
        p = literal(buf, view, q, INPUT_REVISION);
        q = plain(buf, p, end);
        if (q < 0) return -1;
        this.inputAt[at + 2] = p;
        this.inputAt[at + 3] = q;
        p = literal(buf, view, q, INPUT_ROLE);
        const role = p < 0 ? -1 : oneOf(buf, view, p, ROLES);
        if (role < 0) return -1;
        this.inputRole[this.inputs++] = role;
        p = literal(buf, view, p + (ROLES[role] as Literal).bytes.length, INPUT_CLOSE);
        if (p < 0) return -1;
        if (buf[p] === CLOSE_BRACKET) break;
        if (buf[p++] !== COMMA) return -1;
      }
    }
    p = literal(buf, view, p, OUTPUT);
    q = this.uuid(p, this.object, 0);
    this.objectPacked = q >= 0;
    if (q < 0) q = plain(buf, p, end);
    if (q < 0) return -1;
    this.objectStart = p;
    this.objectEnd = q;
    q = this.digest(literal(buf, view, q, REVISION), REV1, REV1_PACKED, this.revision, this.revisionAt);
    q = this.digest(literal(buf, view, q, HASH), SHA256, SHA256_PACKED, this.hash, this.hashAt);
    p = literal(buf, view, q, PARENTS);
    if (p < 0) return -1;
    this.parents = 0;
    if (buf[p] !== CLOSE_BRACKET) {
      for (;;) {
        if (this.parents === MOST || buf[p] !== QUOTE) return -1;
        q = this.digest(p + 1, REV1, REV1_PACKED, this.parentBytes, this.parentAt + REVISION_BYTES * this.parents++);
        if (q < 0) return -1;
        p = q + 1;
        if (buf[p] === CLOSE_BRACKET) break;
        if (buf[p++] !== COMMA) return -1;
      }
    }
    p = literal(buf, view, p, AGENT);
    const type = p < 0 ? -1 : oneOf(buf, view, p, AGENT_TYPES);
    if (type < 0) return -1;
    p += (AGENT_TYPES[type] as Literal).bytes.length + 1;
    if (buf[p] === COMMA) {
      p = literal(buf, view, p, AGENT_ID);
      q = text(buf, p, end);
      if (q < 0) return -1;
      p = q + 1;
    }
    q = text(buf, (p = literal(buf, view, p, INTENT)), end);
    if (q <= p) return -1;
    q = text(buf, literal(buf, view, q, SUMMARY), end);
    p = literal(buf, view, q, CONFIDENCE);
    const confidence = p < 0 ? -1 : oneOf(buf, view, p, CONFIDENCES);
    if (confidence < 0) return -1;
    p = literal(buf, view, p + (CONFIDENCES[confidence] as Literal).bytes.length, CLOSE);
    return p >= 0 && buf[p] === NEWLINE ? p : -1;
  }

  /**
   * A UUID (lowercase) at `p` followed by `"`, packed as `PackedColumn` packs its shape (16 bytes): the position of the
   * `"`, or -1. Written out pair by pair, no call per run of digits: the matcher ~8 % faster warm in Node.
   */
  private uuid(p: number, out: Uint8Array, at: number): number {
    const buf = this.buf;
    if (p < 0 || p + 37 > buf.length) return -1;
    const view = this.view;
    const b0 = PAIR[view.getUint16(p, true)] as number;
    const b1 = PAIR[view.getUint16(p + 2, true)] as number;
    const b2 = PAIR[view.getUint16(p + 4, true)] as number;
    const b3 = PAIR[view.getUint16(p + 6, true)] as number;
    const b4 = PAIR[view.getUint16(p + 9, true)] as number;
    const b5 = PAIR[view.getUint16(p + 11, true)] as number;
    const b6 = PAIR[view.getUint16(p + 14, true)] as number;
    const b7 = PAIR[view.getUint16(p + 16, true)] as number;
    const b8 = PAIR[view.getUint16(p + 19, true)] as number;
    const b9 = PAIR[view.getUint16(p + 21, true)] as number;
    const b10 = PAIR[view.getUint16(p + 24, true)] as number;
    const b11 = PAIR[view.getUint16(p + 26, true)] as number;
    const b12 = PAIR[view.getUint16(p + 28, true)] as number;
    const b13 = PAIR[view.getUint16(p + 30, true)] as number;
    const b14 = PAIR[view.getUint16(p + 32, true)] as number;
    const b15 = PAIR[view.getUint16(p + 34, true)] as number;
    const bad = b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7 | b8 | b9 | b10 | b11 | b12 | b13 | b14 | b15;
    if (bad < 0 || buf[p + 8] !== DASH || buf[p + 13] !== DASH || buf[p + 18] !== DASH || buf[p + 23] !== DASH || buf[p + 36] !== QUOTE) return -1;
    out[at] = b0;
    out[at + 1] = b1;
    out[at + 2] = b2;
    out[at + 3] = b3;
    out[at + 4] = b4;
    out[at + 5] = b5;
    out[at + 6] = b6;
    out[at + 7] = b7;
    out[at + 8] = b8;
    out[at + 9] = b9;
    out[at + 10] = b10;
    out[at + 11] = b11;
    out[at + 12] = b12;
    out[at + 13] = b13;
    out[at + 14] = b14;
    out[at + 15] = b15;
    return p + 36;
  }

  /** `prefix` and 64 lowercase hex digits at `p` followed by `"`, packed as `PackedColumn` packs the shape: the position of the `"`, or -1. */
  private digest(p: number, prefix: Literal, packedPrefix: readonly number[], out: Uint8Array, at: number): number {
    const buf = this.buf;
    const q = literal(buf, this.view, p, prefix);
    if (q < 0 || q + 65 > buf.length || buf[q + 64] !== QUOTE) return -1;
    for (let i = 0; i < packedPrefix.length; i++) out[at + i] = packedPrefix[i] as number;
    // two digits a read, and no branch until the end: measured faster than four digits a read in Node (~1.2×)
    const view = this.view;
    let bad = 0;
    for (let i = at + packedPrefix.length, r = q, last = i + 32; i < last; i += 2, r += 4) {
      const v = PAIR[view.getUint16(r, true)] as number;
      const w = PAIR[view.getUint16(r + 2, true)] as number;
      bad |= v | w;
      out[i] = v;
      out[i + 1] = w;
    }
    return bad >= 0 ? q + 64 : -1;
  }
}

import type { CallOutcome } from './outcome';

export const MAX_RESPONSE_TOKENS = 25_000;
/** A conservative token estimate: about 3 UTF-8 bytes per token (CJK text is ~1 token per 3-byte char). */
const BYTES_PER_TOKEN = 3;
export const MAX_RESPONSE_BYTES = MAX_RESPONSE_TOKENS * BYTES_PER_TOKEN;

export const TRUNCATION_NOTICE =
  `NOTICE: this response was cut to about ${MAX_RESPONSE_TOKENS.toLocaleString('en')} tokens and the field marked truncated is incomplete. ` +
  'Never write a truncated read back (document.write would delete the rest); use selection.get / selection.set for targeted edits.';

/** The platform's TextEncoder (Node and browsers both have one; shared's lib has no type for it). */
interface Utf8Encoder {
  encode(text: string): Uint8Array;
  encodeInto(text: string, into: Uint8Array): { read: number; written: number };
}
const utf8 = new (globalThis as unknown as { TextEncoder: new () => Utf8Encoder }).TextEncoder();

/** Cuts a string to at most `maxBytes` UTF-8 bytes without splitting a code point (or a surrogate pair). */
export function cutToBytes(text: string, maxBytes: number): string {
  // encodeInto stops before the first code point that does not fit and says how much of the text it took
  const { read } = utf8.encodeInto(text, new Uint8Array(maxBytes));
  return read === text.length ? text : text.slice(0, read);
}

/**
 * Caps an ok outcome: the longest top-level string field is cut, marked, and a notice goes first.
 * The bridge caps every answer; handlers of large answers cap at the source too, so the whole text
 * does not cross every hop only to be cut at the last one.
 */
export function capOutcome(outcome: CallOutcome, maxBytes = MAX_RESPONSE_BYTES): CallOutcome {
  if (outcome.kind !== 'ok' || typeof outcome.data !== 'object' || outcome.data === null || Array.isArray(outcome.data)) {
    return outcome;
  }
  const size = utf8.encode(JSON.stringify(outcome.data)).length;
  if (size <= maxBytes) return outcome;
  const data = { ...(outcome.data as Record<string, unknown>) };
  const longest = Object.entries(data)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .sort((a, b) => b[1].length - a[1].length)[0];
  if (!longest) return outcome;
  const [field, value] = longest;
  const overflow = size - maxBytes + 200;
  data[field] = cutToBytes(value, Math.max(0, utf8.encode(value).length - overflow));
  data.truncated = true;
  data.truncatedField = field;
  return { ...outcome, data, notice: TRUNCATION_NOTICE };
}

import type { CallOutcome } from '@vmark/shared';

export const MAX_RESPONSE_TOKENS = 25_000;
/** A conservative token estimate: about 3 UTF-8 bytes per token (CJK text is ~1 token per 3-byte char). */
const BYTES_PER_TOKEN = 3;
export const MAX_RESPONSE_BYTES = MAX_RESPONSE_TOKENS * BYTES_PER_TOKEN;

export const TRUNCATION_NOTICE =
  `NOTICE: this response was cut to about ${MAX_RESPONSE_TOKENS.toLocaleString('en')} tokens and the field marked truncated is incomplete. ` +
  'Never write a truncated read back (document.write would delete the rest); use selection.get / selection.set for targeted edits.';

const utf8 = new TextEncoder();

/** Cuts a string to at most `maxBytes` UTF-8 bytes without splitting a code point (or a surrogate pair). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (utf8.encode(text).length <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = utf8.encode(ch).length;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

/** Caps an ok outcome: the longest top-level string field is cut, marked, and a notice goes first. */
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

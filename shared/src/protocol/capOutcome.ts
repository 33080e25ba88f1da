import type { CallOutcome } from './outcome';

export const MAX_RESPONSE_TOKENS = 25_000;
/** Counts the tokens of an answer's text. */
export type TokenCounter = (text: string) => number;
/**
 * The source-side estimate (about 3 UTF-8 bytes a token) for handlers that cap before the answer
 * crosses the hops. It is not a bound (digits, punctuation and repeated letters cost more): the
 * bridge caps every answer again with an exact o200k count (`bridge/src/mcp/o200kTokens.ts`).
 */
const BYTES_PER_TOKEN = 3;
export const MAX_RESPONSE_BYTES = MAX_RESPONSE_TOKENS * BYTES_PER_TOKEN;
export const estimateTokens: TokenCounter = (text) => Math.ceil(byteLength(text) / BYTES_PER_TOKEN);

/**
 * 25000 → "25,000" without Intl: `toLocaleString` loads ICU, which alone raises a Node process's
 * peak RSS by ~7 MB, and this module is loaded by `vmark mcp` at start (bench/roundtrip).
 */
function withThousandsCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const TRUNCATION_NOTICE =
  `NOTICE: this response was cut to about ${withThousandsCommas(MAX_RESPONSE_TOKENS)} tokens and the field marked truncated is incomplete. ` +
  'Never write a truncated read back (document.write would delete the rest); use selection.get / selection.set for targeted edits.';

/** The platform's TextEncoder (Node and browsers both have one; shared's lib has no type for it). */
interface Utf8Encoder {
  encode(text: string): Uint8Array;
  encodeInto(text: string, into: Uint8Array): { read: number; written: number };
}
const utf8 = new (globalThis as unknown as { TextEncoder: new () => Utf8Encoder }).TextEncoder();

/** UTF-16 units encoded per native call: at most 3 bytes a unit, so the scratch always holds the slice (48 KB, kept). */
const SCRATCH_UNITS = 16_384;
const scratch = new Uint8Array(SCRATCH_UNITS * 3);
/**
 * The UTF-8 length TextEncoder writes (a lone surrogate becomes U+FFFD, 3 bytes), written slice by
 * slice into one scratch buffer: native, so it costs the same in `vmark mcp`, which runs without
 * TurboFan (a loop over the characters in JS took ~1 ms per 150 KB there and more unoptimised).
 */
function byteLength(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + SCRATCH_UNITS, text.length);
    const last = text.charCodeAt(end - 1);
    // never between the halves of a pair: each alone would count 3 bytes, the pair counts 4
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    bytes += utf8.encodeInto(at === 0 && end === text.length ? text : text.slice(at, end), scratch).written;
    at = end;
  }
  return bytes;
}

/** Cuts a string to at most `maxBytes` UTF-8 bytes without splitting a code point (or a surrogate pair). */
export function cutToBytes(text: string, maxBytes: number): string {
  // encodeInto stops before the first code point that does not fit and says how much of the text it took
  const { read } = utf8.encodeInto(text, new Uint8Array(maxBytes));
  return read === text.length ? text : text.slice(0, read);
}

/** Beyond this many bytes a field is first cut by bytes alone, so a 20 MB answer is never tokenized whole. */
const COUNTED_BYTES_PER_TOKEN = 6;
/** Rounds of cutting before giving up on an answer that will not shrink (one with no long field). */
const MAX_ROUNDS = 12;

/** The text the model is handed for an ok outcome (as `toCallToolResult` builds it), joined. */
const answerText = (data: Record<string, unknown>, notice: string) => `${notice}\n${JSON.stringify(data)}`;

/** The top-level string or array field with the longest JSON, the one worth cutting. */
function longestField(data: Record<string, unknown>): [string, string | unknown[]] | undefined {
  let best: [string, string | unknown[]] | undefined;
  let bestSize = 0;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string' && !Array.isArray(value)) continue;
    const size = typeof value === 'string' ? value.length : JSON.stringify(value).length;
    if (size > bestSize) [best, bestSize] = [[key, value], size];
  }
  return best;
}

/** Shrinks a string (by UTF-8 bytes) or an array (by items, keeping the head) to about `ratio` of itself. */
function shrink(value: string | unknown[], ratio: number): string | unknown[] {
  if (typeof value === 'string') {
    const bytes = byteLength(value);
    return cutToBytes(value, Math.min(bytes - 1, Math.floor(bytes * ratio)));
  }
  return value.slice(0, Math.min(value.length - 1, Math.floor(value.length * ratio)));
}

/**
 * A string field longer than `maxBytes` UTF-16 units is over the budget on its own (every unit is at
 * least one UTF-8 byte): it is cut to `maxBytes` bytes before anything is encoded, stringified or
 * counted, so capping a 5 MB read costs what capping a 150 KB one does. Null when no field is that long.
 */
function cutOverlongStrings(data: Record<string, unknown>, maxBytes: number): Record<string, unknown> | null {
  let cut: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string' || value.length <= maxBytes) continue;
    cut ??= { ...data };
    cut[key] = cutToBytes(value, maxBytes);
  }
  return cut;
}

/**
 * Caps an ok outcome at `maxTokens` as counted by `countTokens`: the longest top-level string or
 * array field is cut (strings by bytes, arrays by dropping items from the end), marked, and a notice
 * goes first; cut again until the count fits. An answer that cannot be cut that way is refused.
 * The bridge caps every answer with the exact counter; handlers of large answers cap at the source
 * too (with the estimate), so the whole text does not cross every hop only to be cut at the last one.
 */
export function capOutcome(outcome: CallOutcome, countTokens: TokenCounter = estimateTokens, maxTokens = MAX_RESPONSE_TOKENS): CallOutcome {
  if (outcome.kind !== 'ok' || typeof outcome.data !== 'object' || outcome.data === null || Array.isArray(outcome.data)) {
    return outcome;
  }
  const maxBytes = maxTokens * COUNTED_BYTES_PER_TOKEN;
  const estimated = countTokens === estimateTokens;
  const tokensOf = (text: string, bytes: number) => (estimated ? Math.ceil(bytes / BYTES_PER_TOKEN) : countTokens(text));
  /** At most the tokens of `text` (of `bytes` UTF-8 bytes): its bytes when they fit (a BPE token is at least one byte), Infinity when surely over. */
  const counted = (text: string, bytes: number) => (bytes <= maxTokens ? bytes : bytes > maxBytes ? Infinity : tokensOf(text, bytes));
  // under the estimate nothing over maxTokens × 3 bytes fits: cut there at once, not in rounds
  const precut = cutOverlongStrings(outcome.data as Record<string, unknown>, estimated ? maxTokens * BYTES_PER_TOKEN : maxBytes);
  if (!precut) {
    const whole = answerText(outcome.data as Record<string, unknown>, outcome.notice ?? '');
    if (whole.length * 3 <= maxTokens || counted(whole, byteLength(whole)) <= maxTokens) return outcome;
  }
  const data = precut ?? { ...(outcome.data as Record<string, unknown>) };
  const notice = outcome.notice ? `${TRUNCATION_NOTICE}\n${outcome.notice}` : TRUNCATION_NOTICE;
  data.truncated = true;
  // the answer as it stands, written out, measured and counted once (a round's check is the next round's start)
  let text: string | null = null;
  let bytes = 0;
  let tokens = Infinity;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const longest = longestField(data);
    if (!longest || longest[1].length === 0) break;
    const [field, value] = longest;
    if (data.truncatedField !== field || text === null) {
      data.truncatedField = field;
      text = answerText(data, notice);
      bytes = byteLength(text);
      tokens = bytes > maxBytes ? Infinity : tokensOf(text, bytes);
    }
    // 0.97: aim a little under the cap so that one more round is rarely needed
    const ratio = bytes > maxBytes ? maxBytes / bytes : (0.97 * maxTokens) / tokens;
    data[field] = shrink(value, Math.min(ratio, 1));
    text = answerText(data, notice);
    bytes = byteLength(text);
    tokens = counted(text, bytes);
    if (tokens <= maxTokens) return { ...outcome, data, notice };
  }
  return {
    kind: 'text',
    text: `The answer was over ${withThousandsCommas(maxTokens)} tokens and could not be cut to fit; ask for less (a narrower selector, a range, fewer fields).`,
  };
}

// A cheap, deliberately pessimistic stand-in for a BPE tokenizer (the real ones carry megabytes
// of rank tables). The JSON skeleton of a node costs a near-constant number of o200k tokens;
// names are estimated per run of characters, so gibberish ("xK9mQ2…", about a token per
// character in o200k) is not mistaken for cheap English words.

// {"role":"","name":"","ref":""}, punctuation and keys, in o200k tokens.
const NODE_SKELETON_TOKENS = 10;
// "e" plus up to six digits.
const REF_TOKENS = 3;
// ,"level":2 / ,"checked":false / ,"disabled":true / ,"upload":true
const STATE_FIELD_TOKENS = 4;
const RUNS = /[a-z]+|[A-Z][a-z]*|\d+|\s+|[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]|[\ud800-\udbff][\udc00-\udfff]|[^]/g;

function runTokens(run: string): number {
  const first = run.charCodeAt(0);
  if (first <= 0x20) return 0; // whitespace merges into the next token
  if ((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a)) return Math.ceil(run.length / 4);
  if (first >= 0x30 && first <= 0x39) return Math.ceil(run.length / 3);
  return 1; // punctuation, and every non-ASCII code point
}

export function estimateTextTokens(text: string): number {
  let tokens = 0;
  for (const [run] of text.matchAll(RUNS)) tokens += runTokens(run);
  return tokens;
}

/** The longest prefix whose estimate fits `maxTokens`; cuts between runs, so never inside a code point. */
export function clipToEstimatedTokens(text: string, maxTokens: number): { text: string; clipped: boolean } {
  let tokens = 0;
  for (const match of text.matchAll(RUNS)) {
    tokens += runTokens(match[0]);
    if (tokens > maxTokens) return { text: text.slice(0, match.index), clipped: true };
  }
  return { text, clipped: false };
}

export function estimateNodeTokens(node: { role: string; name: string; level?: number; checked?: unknown; disabled?: boolean; upload?: boolean }): number {
  const states = [node.level, node.checked, node.disabled, node.upload].filter((value) => value !== undefined).length;
  // JSON escapes (\" \\ \n) cost a token each on top of the character.
  const escapes = node.name.match(/["\\\n\t]/g)?.length ?? 0;
  return (
    NODE_SKELETON_TOKENS + estimateTextTokens(node.role) + REF_TOKENS + STATE_FIELD_TOKENS * states + estimateTextTokens(node.name) + escapes
  );
}

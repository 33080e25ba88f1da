export const LEDGER_FORMAT = 0;

export interface Agent {
  type: 'human' | 'model' | 'external' | 'git';
  id?: string;
}
interface EdgeRef {
  txf: string;
  input: number;
}
interface ResolutionBody {
  edge: EdgeRef;
  upstream_object: string;
  pinned: string;
  resolved_against: string;
  actor: Agent;
  reason?: string;
  expires?: string;
  delegation?: string;
}

/** Bodies of the kinds this version knows (ledger format 0); other kinds are kept and ignored. */
export interface Bodies {
  transformation: {
    inputs: { object: string; revision: string; role: 'direct' | 'contextual'; kind?: string }[];
    outputs: { object: string; revision: string; content_hash: string; parents: string[] }[];
    agent: Agent;
    intent: { kind: string; summary: string };
    confidence: 'exact' | 'inferred' | 'unknown';
  };
  navigation: { op: string; from: string | null; to: string | null; ref: string | null };
  ratification: ResolutionBody;
  waiver: ResolutionBody & { reason: string };
  'check-result': {
    edge: EdgeRef;
    pinned: string;
    checked_against: string;
    verdict: 'no-contradiction' | 'contradiction' | 'unknown';
    context: string;
    claims_fingerprint: string;
    actor: Agent;
  };
  claim: { claim: string; statement: string; valid_at?: string | null; invalid_at: string | null; supersedes: string | null; maturity: 'draft' | 'established' };
  'object-registered': { object: string; path: string; schema?: string; derived_from?: string[] };
  diagnostic: { code: string; message: string; object?: string; paths?: string[] };
  delegation: {
    delegation: string;
    actor: Agent;
    delegate: { type: 'external'; id: string };
    scope: ('resolve.accept-newer' | 'resolve.waive')[];
    expires: string;
    supersedes: string | null;
  };
}

export type KnownKind = keyof Bodies;
export type Body<K extends KnownKind> = Bodies[K];

// Hand-written checks, not a schema library: a rebuild validates 200,000 lines, and these run
// several times faster than a generic validator. Each returns the first problem, or null.
type Check = (v: unknown) => string | null;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str: Check = (v) => (typeof v === 'string' && v !== '' ? null : 'must be a non-empty string');
const text: Check = (v) => (typeof v === 'string' ? null : 'must be a string');
const nullableStr: Check = (v) => (v === null || typeof v === 'string' ? null : 'must be a string or null');
const optional = (check: Check): Check => (v) => (v === undefined ? null : check(v));
const oneOf = (...values: string[]): Check => (v) => (typeof v === 'string' && values.includes(v) ? null : `must be one of ${values.join(', ')}`);
const index: Check = (v) => (Number.isInteger(v) && (v as number) >= 0 ? null : 'must be a whole number ≥ 0');
const array = (item: Check, min = 0): Check => (v) => {
  if (!Array.isArray(v)) return 'must be an array';
  if (v.length < min) return `must have at least ${min} item`;
  for (let i = 0; i < v.length; i++) {
    const problem = item(v[i]);
    if (problem) return `[${i}] ${problem}`;
  }
  return null;
};
const object = (fields: Record<string, Check>): Check => (v) => {
  if (!isObj(v)) return 'must be an object';
  for (const name in fields) {
    const problem = (fields[name] as Check)(v[name]);
    if (problem) return `${name} ${problem}`;
  }
  return null;
};
const agent = object({ type: oneOf('human', 'model', 'external', 'git'), id: optional(text) });
const edgeRef = object({ txf: str, input: index });
const resolutionFields = {
  edge: edgeRef,
  upstream_object: str,
  pinned: str,
  resolved_against: str,
  actor: agent,
  reason: optional(text),
  expires: optional(str),
  delegation: optional(str),
};

const BODY_CHECKS: Record<KnownKind, Check> = {
  transformation: object({
    inputs: array(object({ object: str, revision: str, role: oneOf('direct', 'contextual'), kind: optional(text) })),
    outputs: array(object({ object: str, revision: str, content_hash: str, parents: array(str) }), 1),
    agent,
    intent: object({ kind: str, summary: text }),
    confidence: oneOf('exact', 'inferred', 'unknown'),
  }),
  navigation: object({ op: str, from: nullableStr, to: nullableStr, ref: nullableStr }),
  ratification: object(resolutionFields),
  waiver: object({ ...resolutionFields, reason: str }),
  'check-result': object({
    edge: edgeRef,
    pinned: str,
    checked_against: str,
    verdict: oneOf('no-contradiction', 'contradiction', 'unknown'),
    context: text,
    claims_fingerprint: text,
    actor: agent,
  }),
  claim: object({ claim: str, statement: text, valid_at: optional(nullableStr), invalid_at: nullableStr, supersedes: nullableStr, maturity: oneOf('draft', 'established') }),
  'object-registered': object({ object: str, path: str, schema: optional(text), derived_from: optional(array(str)) }),
  diagnostic: object({ code: str, message: text, object: optional(text), paths: optional(array(text)) }),
  delegation: object({
    delegation: str,
    actor: agent,
    delegate: object({ type: oneOf('external'), id: str }),
    scope: array(oneOf('resolve.accept-newer', 'resolve.waive')),
    expires: str,
    supersedes: nullableStr,
  }),
};

export interface Entry<K extends string = string, B = unknown> {
  format: number;
  id: string;
  kind: K;
  time: string;
  writer: string;
  idem: string;
  body: B;
}

export type KnownEntry = { [K in KnownKind]: Entry<K, Body<K>> }[KnownKind];
export type EntryOf<K extends KnownKind> = Entry<K, Body<K>>;

export type ParsedLine = { ok: true; entry: KnownEntry | Entry } | { ok: false; reason: string };

const isKnown = (kind: string): kind is KnownKind => Object.hasOwn(BODY_CHECKS, kind);

/** One ledger line: a valid envelope, and a valid body when the kind is known. */
export function parseLine(line: string): ParsedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, reason: 'not a JSON object' };
  const e = raw as Record<string, unknown>;
  for (const field of ['id', 'kind', 'time', 'writer', 'idem'] as const) {
    if (typeof e[field] !== 'string' || e[field] === '') return { ok: false, reason: `envelope field ${field} is missing` };
  }
  if (typeof e.format !== 'number') return { ok: false, reason: 'envelope field format is missing' };
  if (e.format > LEDGER_FORMAT) return { ok: false, reason: `format ${e.format} is newer than this VMark reads (${LEDGER_FORMAT})` };
  const entry = raw as Entry;
  if (!isKnown(entry.kind)) return { ok: true, entry };
  const problem = BODY_CHECKS[entry.kind](e.body);
  if (problem) return { ok: false, reason: `invalid ${entry.kind} body: ${problem}` };
  return { ok: true, entry: entry as KnownEntry };
}

/** Entries order by (time, id); a retried operation keeps its first appearance. */
export const entryOrder = (a: Entry, b: Entry): number => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

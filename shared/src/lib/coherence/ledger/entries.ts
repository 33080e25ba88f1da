import { z } from 'zod';

export const LEDGER_FORMAT = 0;

const edgeRef = z.object({ txf: z.string().min(1), input: z.number().int().min(0) });
const agent = z.object({ type: z.enum(['human', 'model', 'external', 'git']), id: z.string().optional() });
export type Agent = z.infer<typeof agent>;

const transformation = z.object({
  inputs: z.array(
    z.object({ object: z.string().min(1), revision: z.string().min(1), role: z.enum(['direct', 'contextual']), kind: z.string().optional() }),
  ),
  outputs: z
    .array(z.object({ object: z.string().min(1), revision: z.string().min(1), content_hash: z.string().min(1), parents: z.array(z.string()) }))
    .min(1),
  agent,
  intent: z.object({ kind: z.string().min(1), summary: z.string() }),
  confidence: z.enum(['exact', 'inferred', 'unknown']),
});

const resolution = z.object({
  edge: edgeRef,
  upstream_object: z.string().min(1),
  pinned: z.string().min(1),
  resolved_against: z.string().min(1),
  actor: agent,
  reason: z.string().optional(),
  expires: z.string().optional(),
  delegation: z.string().optional(),
});

/** Bodies of the kinds this version knows; other kinds are kept and ignored. */
export const BODY_SCHEMAS = {
  transformation,
  navigation: z.object({ op: z.string().min(1), from: z.string().nullable(), to: z.string().nullable(), ref: z.string().nullable() }),
  ratification: resolution,
  waiver: resolution.extend({ reason: z.string().min(1) }),
  'check-result': z.object({
    edge: edgeRef,
    pinned: z.string().min(1),
    checked_against: z.string().min(1),
    verdict: z.enum(['no-contradiction', 'contradiction', 'unknown']),
    context: z.string(),
    claims_fingerprint: z.string(),
    actor: agent,
  }),
  claim: z.object({
    claim: z.string().min(1),
    statement: z.string(),
    valid_at: z.string().nullable().optional(),
    invalid_at: z.string().nullable(),
    supersedes: z.string().nullable(),
    maturity: z.enum(['draft', 'established']),
  }),
  'object-registered': z.object({ object: z.string().min(1), path: z.string().min(1), schema: z.string().optional(), derived_from: z.array(z.string()).optional() }),
  diagnostic: z.object({ code: z.string().min(1), message: z.string(), object: z.string().optional(), paths: z.array(z.string()).optional() }),
  delegation: z.object({
    delegation: z.string().min(1),
    actor: agent,
    delegate: z.object({ type: z.literal('external'), id: z.string().min(1) }),
    scope: z.array(z.enum(['resolve.accept-newer', 'resolve.waive'])),
    expires: z.string().min(1),
    supersedes: z.string().nullable(),
  }),
} as const;

export type KnownKind = keyof typeof BODY_SCHEMAS;
export type Body<K extends KnownKind> = z.infer<(typeof BODY_SCHEMAS)[K]>;

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

const isKnown = (kind: string): kind is KnownKind => Object.hasOwn(BODY_SCHEMAS, kind);

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
  const body = BODY_SCHEMAS[entry.kind].safeParse(e.body);
  if (!body.success) return { ok: false, reason: `invalid ${entry.kind} body: ${body.error.issues[0]?.path.join('.') ?? ''} ${body.error.issues[0]?.message ?? ''}`.trim() };
  return { ok: true, entry: entry as KnownEntry };
}

/** Entries order by (time, id); a retried operation keeps its first appearance. */
export const entryOrder = (a: Entry, b: Entry): number => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

import { sha256Hex } from '../ids';
import { CoherenceIndex, edgeKey, producersOf, type TrackedObject } from './coherenceIndex';
import type { ResolvedContext } from './contexts';

/** The states `coherence.edges` lists (seed), in the order the seed names them. */
export const OPEN_EDGE_STATES = [
  'version-stale',
  'stale-valid',
  'stale-contradicted',
  'stale-unknown',
  'waived',
  'diverged',
  'diverged-multi-head',
  'unpinnable',
] as const;
export type OpenEdgeState = (typeof OPEN_EDGE_STATES)[number];
export type EdgeState = OpenEdgeState | 'fresh' | 'fresh-ratified' | 'fresh-ahead';

export interface ProjectedEdge {
  txf: string;
  input: number;
  upstream: string;
  upstream_path: string;
  pinned: string;
  downstream: string;
  downstream_path: string;
  downstream_rev: string;
  state: EdgeState;
  /** The upstream revision the context selects (null when the upstream has several heads or is unknown). */
  selection: string | null;
}

/** An edge as `coherence.edges` lists it: the projection without the context's selection, in an open state. */
export type EdgeRow = Omit<ProjectedEdge, 'state' | 'selection'> & { state: OpenEdgeState };

/** The row `coherence.edges` lists for an edge, or null when its state is not open. */
export function openRow({ selection: _selection, state, ...row }: ProjectedEdge): EdgeRow | null {
  return isOpen(state) ? { ...row, state } : null;
}

type Selection = { kind: 'rev'; rev: string } | { kind: 'multi-head' } | { kind: 'unknown' };

function select(index: CoherenceIndex, object: TrackedObject | undefined, context: ResolvedContext): Selection {
  if (!object) return { kind: 'unknown' };
  const explicit = context.selections.get(object.id);
  if (explicit !== undefined && explicit !== 'live') return object.revisions.has(explicit) ? { kind: 'rev', rev: explicit } : { kind: 'unknown' };
  const heads = index.heads(object);
  if (heads.length === 1) return { kind: 'rev', rev: heads[0] as string };
  return heads.length === 0 ? { kind: 'unknown' } : { kind: 'multi-head' };
}

/** Only established, transaction-current, visible, still-valid claims feed semantic checks. */
export function claimsFingerprint(index: CoherenceIndex, context: ResolvedContext): string {
  const ids: string[] = [];
  for (const entries of index.claims.values()) {
    const current = CoherenceIndex.current(entries);
    if (current && current.body.maturity === 'established' && current.body.invalid_at === null && context.visibleClaims.includes(current.body.claim)) ids.push(current.id);
  }
  return `sha256:${sha256Hex(ids.sort().join('\n'))}`;
}

/**
 * Every live edge of the context with its state. An edge is live when its downstream revision is
 * the one the context resolves the downstream to (a newer downstream revision retires it); a
 * downstream with several heads suppresses its edges. Nothing here is stored: states are projections.
 */
export function projectEdges(index: CoherenceIndex, context: ResolvedContext, now: Date): ProjectedEdge[] {
  const fingerprint = claimsFingerprint(index, context);
  const edges: ProjectedEdge[] = [];
  for (const downstream of index.objects.values()) edges.push(...edgesOf(index, downstream, context, fingerprint, now).edges);
  return edges;
}

/** The live edges into one downstream object, and when the earliest waiver among them expires. */
function edgesOf(index: CoherenceIndex, downstream: TrackedObject, context: ResolvedContext, fingerprint: string, now: Date): { edges: ProjectedEdge[]; expires: number } {
  const edges: ProjectedEdge[] = [];
  let expires = Number.POSITIVE_INFINITY;
  if (downstream.absent) return { edges, expires };
  const current = select(index, downstream, context);
  if (current.kind !== 'rev') return { edges, expires };
  for (const txfId of producersOf(downstream.revisions.get(current.rev))) {
    const txf = index.transformations.get(txfId);
    if (!txf || txf.object !== downstream.id) continue;
    txf.inputs.forEach((input, slot) => {
      if (input.role !== 'direct' || input.object === downstream.id) return;
      const upstream = index.objects.get(input.object);
      const selection = select(index, upstream, context);
      const state = edgeState(index, txf.id, slot, upstream, input.revision, selection, context, fingerprint, now);
      if (state === 'waived') expires = Math.min(expires, waiverExpiry(index, edgeKey(txf.id, slot), selection));
      edges.push({
        txf: txf.id,
        input: slot,
        upstream: input.object,
        upstream_path: upstream?.path ?? '',
        pinned: input.revision,
        downstream: downstream.id,
        downstream_path: downstream.path,
        downstream_rev: current.rev,
        state,
        selection: selection.kind === 'rev' ? selection.rev : null,
      });
    });
  }
  return { edges, expires };
}

function waiverExpiry(index: CoherenceIndex, key: string, selection: Selection): number {
  if (selection.kind !== 'rev') return Number.POSITIVE_INFINITY;
  const waiver = latestResolution(index, key, selection.rev);
  return waiver?.body.expires ? Date.parse(waiver.body.expires) : Number.POSITIVE_INFINITY;
}

/** One downstream object's live edges, the rows `edges` lists of them, and when its earliest waiver expires. */
interface Projected {
  edges: ProjectedEdge[];
  open: EdgeRow[];
  expires: number;
}

/**
 * The default context's projection, kept between calls: after a change only the objects the
 * index marked (the changed object and what derives from it) are projected again, and only their
 * rows are made again.
 */
export class EdgeProjection {
  private readonly byDownstream = new Map<string, Projected>();
  private index: CoherenceIndex | null = null;
  private key = '';
  private validUntil = Number.POSITIVE_INFINITY;

  /** Every live edge with its state. */
  edges(index: CoherenceIndex, context: ResolvedContext, now: Date): ProjectedEdge[] {
    this.update(index, context, now);
    const all: ProjectedEdge[] = [];
    for (const projected of this.byDownstream.values()) for (const edge of projected.edges) all.push(edge);
    return all;
  }

  /** The rows of the edges in an open state (`coherence.edges`), in the order of `edges`. */
  openRows(index: CoherenceIndex, context: ResolvedContext, now: Date): EdgeRow[] {
    this.update(index, context, now);
    const rows: EdgeRow[] = [];
    for (const projected of this.byDownstream.values()) for (const row of projected.open) rows.push(row);
    return rows;
  }

  private update(index: CoherenceIndex, context: ResolvedContext, now: Date): void {
    const fingerprint = claimsFingerprint(index, context);
    const key = `${fingerprint}|${JSON.stringify([...context.selections])}`;
    let ids: Iterable<string>;
    if (index !== this.index || key !== this.key || now.getTime() >= this.validUntil) {
      this.byDownstream.clear();
      index.takeDirty();
      this.index = index;
      this.key = key;
      ids = index.objects.keys();
    } else {
      ids = index.takeDirty();
    }
    for (const id of ids) {
      const object = index.objects.get(id);
      const projected = object ? edgesOf(index, object, context, fingerprint, now) : null;
      if (projected && projected.edges.length > 0) {
        const open = projected.edges.map(openRow).filter((row): row is EdgeRow => row !== null);
        this.byDownstream.set(id, { ...projected, open });
      } else this.byDownstream.delete(id);
    }
    this.validUntil = Number.POSITIVE_INFINITY;
    for (const projected of this.byDownstream.values()) this.validUntil = Math.min(this.validUntil, projected.expires);
  }
}

function edgeState(
  index: CoherenceIndex,
  txf: string,
  slot: number,
  upstream: TrackedObject | undefined,
  pinned: string,
  selection: Selection,
  context: ResolvedContext,
  fingerprint: string,
  now: Date,
): EdgeState {
  if (selection.kind === 'multi-head') return 'diverged-multi-head';
  if (selection.kind === 'unknown' || !upstream || !upstream.revisions.has(pinned)) return 'unpinnable';
  const sel = selection.rev;
  const resolution = latestResolution(index, edgeKey(txf, slot), sel);
  if (resolution?.kind === 'ratification') return 'fresh-ratified';
  if (resolution?.kind === 'waiver' && (resolution.body.expires === undefined || new Date(resolution.body.expires) > now)) return 'waived';
  if (pinned === sel) return 'fresh';
  if (index.isAncestor(upstream, pinned, sel)) {
    const check = index.checks.get(`${edgeKey(txf, slot)}|${pinned}|${sel}|${context.id}`);
    if (!check || check.body.claims_fingerprint !== fingerprint) return 'version-stale';
    return check.body.verdict === 'no-contradiction' ? 'stale-valid' : check.body.verdict === 'contradiction' ? 'stale-contradicted' : 'stale-unknown';
  }
  if (index.isAncestor(upstream, sel, pinned)) return 'fresh-ahead';
  return 'diverged';
}

function latestResolution(index: CoherenceIndex, key: string, against: string) {
  let best: ReturnType<CoherenceIndex['resolutions']['get']> extends (infer T)[] | undefined ? T | undefined : never;
  for (const entry of index.resolutions.get(key) ?? []) {
    if (entry.body.resolved_against !== against) continue;
    if (!best || best.time < entry.time || (best.time === entry.time && best.id < entry.id)) best = entry;
  }
  return best;
}

export const isOpen = (state: EdgeState): state is OpenEdgeState => (OPEN_EDGE_STATES as readonly string[]).includes(state);

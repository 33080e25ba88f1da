import type { CoherenceStorage } from './ledger/storage';
import { CoherenceKernel, type KernelOptions, type OpenReport } from './kernel/kernel';
import { CoherenceError, withCallLimit } from './kernel/errors';
import type { EdgeState, ProjectedEdge } from './kernel/project';
import { recordMove } from './kernel/moves';
import { capture, type CaptureRequest, type CaptureResult } from './kernel/capture';
import { resolveAsDelegate, type ResolveRequest } from './kernel/resolve';
import { resolveAsPerson, recordCheck, grantDelegation, revokeDelegation } from './kernel/personActions';
import { currentGrants, delegatedResolutions, type DelegationScope } from './kernel/delegation';
import { status, edges, claims, contexts, type ClaimRow, type ContextRow } from './kernel/answers';
import type { ClientPrincipal } from './kernel/principal';

/** A kernel answer as it crosses the worker boundary: data, or the plain sentence the seed answers with. */
export type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

export interface PanelEdge extends Omit<ProjectedEdge, 'state'> {
  state: EdgeState;
}

export interface PanelGrant {
  delegation: string;
  delegate: string;
  scope: DelegationScope[];
  expires: string;
  expired: boolean;
}

export interface PanelAuditRow {
  entry: string;
  time: string;
  delegate: string;
  delegation: string;
  kind: 'accept-newer' | 'waive';
  upstream_path: string;
  reason: string | null;
}

/** Everything the Coherence panel shows, read in one round trip. */
export interface PanelView {
  tracked: boolean;
  /** The documents with an identity (what "Derived from…" can name), by path. */
  objects: { id: string; path: string }[];
  edges: PanelEdge[];
  grants: PanelGrant[];
  audit: PanelAuditRow[];
  claims: ClaimRow[];
  contexts: ContextRow[];
}

export interface EdgeDiff {
  upstream_path: string;
  pinned: string | null;
  current: string | null;
}

async function answer<T>(work: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    if (error instanceof CoherenceError) return { ok: false, message: error.message };
    return { ok: false, message: `The coherence kernel failed: ${(error as Error).message}. Nothing was resolved; retry, and if it repeats reload the editor.` };
  }
}

/**
 * One workspace's kernel as the person's panel and the editor's capture use it: run by the editor's
 * worker for Scratch and picked folders, by `vmark host` over its kernel registry for native folders.
 * Every method answers data or a plain sentence.
 */
export class KernelService {
  constructor(private readonly kernel: CoherenceKernel) {}

  /** `snapshot: false` builds the index by a full replay (bench/coherence's floor). */
  static async open(storage: CoherenceStorage, writer: string, options: Pick<KernelOptions, 'snapshot'> = {}): Promise<KernelService> {
    return new KernelService(await CoherenceKernel.open(storage, { writer, ...options }));
  }

  /** How the last open built the index (from the snapshot or by replay). */
  async opened(): Promise<OpenReport> {
    return this.kernel.opened;
  }

  tracked(): Promise<boolean> {
    return this.kernel.initialized();
  }

  /** Records a save already written (the ledger is created at the first capture); never throws: the save stands either way. */
  async capture(request: CaptureRequest): Promise<CaptureResult> {
    try {
      return await this.kernel.writes.run(async () => {
        await this.kernel.refresh({ repair: true });
        return capture(this.kernel, request);
      });
    } catch (error) {
      return { recorded: false, object: null, reason: `capture failed (${(error as Error).message}); the save is kept and the next scan records it` };
    }
  }

  /** The app renamed or moved a file or folder: its documents keep their identity at the new paths. */
  async moved(from: string, to: string): Promise<number> {
    try {
      return await recordMove(this.kernel, from, to);
    } catch {
      // the next scan finds a move with unchanged content by itself
      return 0;
    }
  }

  status() {
    return answer(() => status(this.kernel));
  }

  edges() {
    return answer(() => edges(this.kernel));
  }

  claims() {
    return answer(() => claims(this.kernel));
  }

  contexts() {
    return answer(() => contexts(this.kernel));
  }

  resolve(principal: ClientPrincipal, request: ResolveRequest) {
    return answer(() => withCallLimit(resolveAsDelegate(this.kernel, principal, request), 'coherence_resolve.resolve', true));
  }

  panel(): Promise<Answer<PanelView>> {
    return answer(async () => {
      const tracked = await this.kernel.initialized();
      if (!tracked) return { tracked, objects: [], edges: [], grants: [], audit: [], claims: [], contexts: [] };
      await edges(this.kernel);
      const all = (await this.kernel.project()).sort((a, b) => a.downstream_path.localeCompare(b.downstream_path) || a.upstream_path.localeCompare(b.upstream_path));
      const now = this.kernel.now();
      const pathOf = (id: string) => this.kernel.index.objects.get(id)?.path ?? id;
      const grants = currentGrants(this.kernel.index).map((g) => ({
        delegation: g.body.delegation,
        delegate: g.body.delegate.id ?? '',
        scope: g.body.scope as DelegationScope[],
        expires: g.body.expires,
        expired: new Date(g.body.expires) <= now,
      }));
      const audit = delegatedResolutions(this.kernel.index).map((r) => ({
        entry: r.id,
        time: r.time,
        delegate: r.body.actor.id ?? '',
        delegation: r.body.delegation ?? '',
        kind: r.kind === 'waiver' ? ('waive' as const) : ('accept-newer' as const),
        upstream_path: pathOf(r.body.upstream_object),
        reason: r.body.reason ?? null,
      }));
      const objects = [...this.kernel.index.objects.values()]
        .filter((o) => !o.absent && o.revisions.size > 0)
        .map((o) => ({ id: o.id, path: o.path }))
        .sort((a, b) => a.path.localeCompare(b.path));
      return { tracked, objects, edges: all, grants, audit, claims: await claims(this.kernel), contexts: await contexts(this.kernel) };
    });
  }

  resolveAsPerson(request: { txf: string; input: number; resolution: 'accept-newer' | 'waive'; reason?: string }) {
    return answer(async () => (await resolveAsPerson(this.kernel, request)).id);
  }

  recordCheck(request: { txf: string; input: number; verdict: 'no-contradiction' | 'contradiction' | 'unknown' }) {
    return answer(async () => (await recordCheck(this.kernel, request)).id);
  }

  grant(request: { delegate: string; scope: DelegationScope[]; expires: string }) {
    return answer(async () => {
      const expires = new Date(request.expires);
      if (Number.isNaN(expires.getTime())) throw new CoherenceError(null, 'Pick an expiry date for the delegation.');
      if (!request.delegate.trim()) throw new CoherenceError(null, 'Name the client to delegate to (the name `vmark connect` gave it, e.g. claude-code).');
      return (await grantDelegation(this.kernel, { delegate: request.delegate.trim(), scope: request.scope, expires })).body.delegation;
    });
  }

  revoke(delegation: string) {
    return answer(async () => (await revokeDelegation(this.kernel, delegation)).id);
  }

  /** The upstream's text at the pinned revision and now (identity masked), for "see the diff". */
  diff(txf: string, input: number): Promise<Answer<EdgeDiff>> {
    return answer(async () => {
      const edge = (await this.kernel.project()).find((e) => e.txf === txf && e.input === input);
      if (!edge) throw new CoherenceError(null, 'That edge is no longer active; the panel shows the current ones.');
      const upstream = this.kernel.index.objects.get(edge.upstream);
      const text = async (rev: string | null) => {
        const hash = rev ? upstream?.revisions.get(rev)?.hash : undefined;
        return hash ? this.kernel.ledger.readSnapshot(hash) : null;
      };
      return { upstream_path: edge.upstream_path, pinned: await text(edge.pinned), current: await text(edge.selection) };
    });
  }
}

/** The methods the Coherence panel calls; `vmark host` runs exactly these for a native folder's panel. */
export const PANEL_METHODS = ['tracked', 'panel', 'status', 'resolveAsPerson', 'recordCheck', 'grant', 'revoke', 'diff'] as const;
export type PanelMethod = (typeof PANEL_METHODS)[number];

/** What the panel needs of a workspace's kernel, wherever it runs (worker or host). */
export type PanelApi = { [M in PanelMethod]: (...args: Parameters<KernelService[M]>) => ReturnType<KernelService[M]> };

export function isPanelMethod(method: unknown): method is PanelMethod {
  return typeof method === 'string' && (PANEL_METHODS as readonly string[]).includes(method);
}

import { CoherenceIndex } from './coherenceIndex';
import { DEFAULT_CONTEXT_ID } from './contexts';
import { withCallLimit } from './errors';
import type { CoherenceKernel } from './kernel';
import type { EdgeRow } from './project';
import { reconcile } from './scan';

/** The seed's shapes of `coherence.status`, `edges`, `claims` and `contexts`. */

export interface StatusAnswer {
  initialized: boolean;
  objects: number;
  open_items: number;
  quarantined: number;
  writer: string;
}

export interface ClaimRow {
  claim: string;
  entryId: string;
  statement: string;
  maturity: 'draft' | 'established';
  invalidAt: string | null;
  visible: boolean;
}

export interface ContextRow {
  id: string;
  name: string;
  parent: string | null;
  enforcement: 'greenhouse' | 'enforcing';
  visibleClaims: string[];
  errors: string[];
}

/** Read-only: no scan, no quarantine writes. */
export function status(kernel: CoherenceKernel): Promise<StatusAnswer> {
  return withCallLimit(
    (async () => {
      await kernel.refresh({ repair: false });
      const objects = kernel.index.trackedCount;
      if (!(await kernel.initialized())) return { initialized: false, objects, open_items: 0, quarantined: 0, writer: kernel.writer };
      const open = (await kernel.openEdges()).length;
      return { initialized: true, objects, open_items: open, quarantined: kernel.quarantined, writer: kernel.writer };
    })(),
    'coherence.status',
    false,
  );
}

/** Each kernel's `edges` still running (it may have outlived its call's limit). */
const running = new WeakMap<CoherenceKernel, Promise<unknown>>();

/**
 * Reconciles with the disk first (may append provenance), then lists the open edges.
 *
 * A scan that passes the call limit (TIMEOUT) goes on, and what it learns stays in the kernel's
 * stat cache. The next `edges` waits for it (within its own limit) instead of refusing as a write
 * queued behind it would (WRITE_BUSY), then scans again: only what changed since, so reading again
 * picks up where the long scan got to rather than starting over.
 */
export function edges(kernel: CoherenceKernel): Promise<EdgeRow[]> {
  const earlier = running.get(kernel);
  const work = (async () => {
    await earlier?.catch(() => undefined);
    return kernel.writes.run(async () => {
      await kernel.storage.settle?.();
      await kernel.refresh({ repair: true });
      await reconcile(kernel);
      return kernel.openEdges();
    });
  })();
  running.set(kernel, work);
  void work.then(
    () => running.get(kernel) === work && running.delete(kernel),
    () => running.get(kernel) === work && running.delete(kernel),
  );
  return withCallLimit(work, 'coherence.edges', true);
}

/** Read-only; like every coherence call, TIMEOUT after 20 s (seed). */
export function claims(kernel: CoherenceKernel): Promise<ClaimRow[]> {
  return withCallLimit(
    (async () => {
      await kernel.refresh({ repair: false });
      const context = await kernel.defaultContext();
      const rows: ClaimRow[] = [];
      for (const entries of kernel.index.claims.values()) {
        const current = CoherenceIndex.current(entries);
        if (!current) continue;
        rows.push({
          claim: current.body.claim,
          entryId: current.id,
          statement: current.body.statement,
          maturity: current.body.maturity,
          invalidAt: current.body.invalid_at,
          visible: context.visibleClaims.includes(current.body.claim),
        });
      }
      return rows;
    })(),
    'coherence.claims',
    false,
  );
}

/** Read-only; like every coherence call, TIMEOUT after 20 s (seed). */
export function contexts(kernel: CoherenceKernel): Promise<ContextRow[]> {
  return withCallLimit(
    (async () =>
      (await kernel.contexts())
        .sort((a, b) => (a.id === DEFAULT_CONTEXT_ID ? -1 : b.id === DEFAULT_CONTEXT_ID ? 1 : a.name.localeCompare(b.name)))
        .map((c) => ({ id: c.id, name: c.name, parent: c.parent, enforcement: c.enforcement, visibleClaims: c.visibleClaims, errors: c.errors })))(),
    'coherence.contexts',
    false,
  );
}

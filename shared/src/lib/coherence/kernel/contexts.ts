import { z } from 'zod';
import { CONTEXTS_DIR } from '../ledger/layout';
import type { CoherenceStorage } from '../ledger/storage';

/** The implicit default context: every object live, greenhouse, no claims. A manifest with this id overrides it. */
export const DEFAULT_CONTEXT_ID = '00000000-0000-0000-0000-000000000000';
const MAX_PARENT_HOPS = 16;

const manifestSchema = z.looseObject({
  format: z.number().int(),
  id: z.string().min(1),
  name: z.string(),
  parent: z.string().nullable().optional(),
  selections: z.record(z.string(), z.string()).optional(),
  enforcement: z.enum(['greenhouse', 'enforcing']),
  visible_claims: z.array(z.string()).optional(),
  git_branch: z.string().optional(),
});
export type ContextManifest = z.infer<typeof manifestSchema>;

export interface ResolvedContext {
  id: string;
  name: string;
  parent: string | null;
  enforcement: 'greenhouse' | 'enforcing';
  /** object → `live` or a pinned revision; first explicit entry on the child → parent walk wins. */
  selections: Map<string, string>;
  visibleClaims: string[];
  errors: string[];
}

const implicitDefault = (): ContextManifest => ({ format: 0, id: DEFAULT_CONTEXT_ID, name: 'default', parent: null, enforcement: 'greenhouse' });

/** Reads `.vmark/contexts/*.json`; an unreadable manifest becomes a context row with its error. */
export async function readContexts(storage: CoherenceStorage): Promise<ResolvedContext[]> {
  const manifests = new Map<string, ContextManifest>();
  const broken: ResolvedContext[] = [];
  for (const name of (await storage.list(CONTEXTS_DIR)).filter((n) => n.endsWith('.json')).sort()) {
    const text = await storage.readText(`${CONTEXTS_DIR}/${name}`);
    let parsed: ReturnType<typeof manifestSchema.safeParse> | null = null;
    try {
      parsed = manifestSchema.safeParse(JSON.parse(text ?? ''));
    } catch {
      parsed = null;
    }
    if (parsed?.success) manifests.set(parsed.data.id, parsed.data);
    else {
      const id = name.replace(/\.json$/, '');
      broken.push({ id, name: id, parent: null, enforcement: 'greenhouse', selections: new Map(), visibleClaims: [], errors: [`${CONTEXTS_DIR}/${name} is not a valid context manifest`] });
    }
  }
  if (!manifests.has(DEFAULT_CONTEXT_ID)) manifests.set(DEFAULT_CONTEXT_ID, implicitDefault());
  return [...[...manifests.values()].map((m) => resolveContext(m, manifests)), ...broken];
}

/** Single inheritance, at most 16 hops; a cycle or a missing parent degrades the context to the default's view. */
export function resolveContext(manifest: ContextManifest, all: ReadonlyMap<string, ContextManifest>): ResolvedContext {
  const chain: ContextManifest[] = [manifest];
  const errors: string[] = [];
  for (let parentId = manifest.parent ?? null; parentId !== null; ) {
    const parent = all.get(parentId);
    if (!parent) {
      errors.push(`parent context ${parentId} does not exist`);
      break;
    }
    if (chain.includes(parent)) {
      errors.push(`the parent chain has a cycle through ${parentId}`);
      break;
    }
    if (chain.length > MAX_PARENT_HOPS) {
      errors.push(`the parent chain is longer than ${MAX_PARENT_HOPS} hops`);
      break;
    }
    chain.push(parent);
    parentId = parent.parent ?? null;
  }
  const selections = new Map<string, string>();
  const visible = new Set<string>();
  if (errors.length === 0) {
    for (const context of chain) {
      for (const [object, selection] of Object.entries(context.selections ?? {})) if (!selections.has(object)) selections.set(object, selection);
      for (const claim of context.visible_claims ?? []) visible.add(claim);
    }
  }
  return {
    id: manifest.id,
    name: manifest.name,
    parent: manifest.parent ?? null,
    enforcement: manifest.enforcement,
    selections,
    visibleClaims: [...visible],
    errors,
  };
}

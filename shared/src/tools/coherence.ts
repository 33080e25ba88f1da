import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { workspaceRootArg } from './fragments';

const workspaceOnly = z.object({ workspace_root: workspaceRootArg });

export const coherenceTool = defineTool({
  name: 'coherence',
  title: 'Coherence layer (read-only)',
  description:
    'Read-only view of the workspace coherence layer: which derived documents are stale against the upstreams they were made from. Every action needs workspace_root (absolute directory). A call that takes over 20 s fails with TIMEOUT; edges may still finish, so read again before retrying. Resolving lives in coherence_resolve.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  actions: {
    status: action(
      'Kernel counters: {initialized, objects, open_items, quarantined, writer}. initialized: false means no .vmark/ ledger yet.',
      workspaceOnly,
    ),
    edges: action(
      'Reconcile with the files on disk, then list every active edge whose upstream moved: [{txf, input, upstream, upstream_path, pinned, downstream, downstream_path, downstream_rev, state}]; [] means coherent. May append provenance to the ledger, never changes documents.',
      workspaceOnly,
    ),
    claims: action(
      'Current canon claims: {claim, entryId, statement, maturity, invalidAt, visible}. Only established claims constrain semantic checks; visible reflects the default context.',
      workspaceOnly,
    ),
    contexts: action(
      'The contexts, the implicit default always included: {id, name, parent, enforcement, visibleClaims, errors}.',
      workspaceOnly,
    ),
  },
});

import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { workspaceRootArg } from './fragments';

const workspaceOnly = z.object({ workspace_root: workspaceRootArg });

export const coherenceTool = defineTool({
  name: 'coherence',
  title: 'Coherence (read-only)',
  description:
    'Which derived documents are stale against their upstreams. Over 20 s: TIMEOUT (edges may still finish; read again). Resolve: coherence_resolve.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  actions: {
    status: action(
      'Counters: {initialized, objects, open_items, quarantined, writer}; initialized false = no .vmark/ ledger yet.',
      workspaceOnly,
    ),
    edges: action(
      'Scan the disk, then list active edges whose upstream moved: [{txf, input, upstream, upstream_path, pinned, downstream, downstream_path, downstream_rev, state}]; [] = coherent; state: version-stale, stale-valid, stale-contradicted, stale-unknown, waived, diverged, diverged-multi-head or unpinnable. Never changes documents.',
      workspaceOnly,
    ),
    claims: action(
      'Canon claims: {claim, entryId, statement, maturity, invalidAt, visible}; only established ones constrain checks; visible = in the default context.',
      workspaceOnly,
    ),
    contexts: action(
      'Contexts incl. default: {id, name, parent, enforcement, visibleClaims, errors}.',
      workspaceOnly,
    ),
  },
});

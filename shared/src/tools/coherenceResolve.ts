import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { workspaceRootArg } from './fragments';

export const coherenceResolveTool = defineTool({
  name: 'coherence_resolve',
  title: 'Resolve a coherence edge (irreversible)',
  description:
    'Needs an active, unexpired delegation the workspace owner granted in VMark; a refusal means it is missing or expired: ask the user, do not retry. Audited; irreversible.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  actions: {
    resolve: action(
      'Resolve a coherence.edges row: accept-newer, or waive with a reason (never expires).',
      z
        .object({
          workspace_root: workspaceRootArg,
          txf: z.string().min(1).describe('From a coherence.edges row'),
          input: z.number().int().min(0).describe('Input slot, from the same row'),
          resolution: z.enum(['accept-newer', 'waive']),
          reason: z.string().min(1).optional().describe('Why (required for waive)'),
        })
        .refine((args) => args.resolution !== 'waive' || args.reason !== undefined, {
          path: ['reason'],
          message: 'is required when resolution is "waive"; say why the edge may stay stale',
        }),
    ),
  },
});

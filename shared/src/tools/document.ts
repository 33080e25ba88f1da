import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { addressesArg, expectedRevisionArg, tabIdArg } from './fragments';

export const documentTool = defineTool({
  name: 'document',
  title: 'Document read / write / transform',
  description:
    'Read, write and transform the content of a document tab. Always read before writing and pass the revision as expected_revision.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  actions: {
    read: action(
      'Return {content, revision, filePath, kind, dirty}.',
      z.object({ tabId: tabIdArg.optional() }),
    ),
    write: action(
      'Replace the whole content. Saves by default: {revision, applied, durable, saved, save_skipped?, save_error?, journaled?}.',
      z.object({
        tabId: tabIdArg.optional(),
        content: z.string().describe('New full content'),
        expected_revision: expectedRevisionArg.optional(),
        addresses: addressesArg.optional(),
        save: z.boolean().optional().describe('Also save to disk (default true); false changes only the tab'),
      }),
    ),
    transform: action(
      'Apply a deterministic rewrite: cjk-format (the user settings), cjk-spacing, cjk-punctuation. Returns {revision, applied, durable}.',
      z.object({
        tabId: tabIdArg.optional(),
        kind: z.enum(['cjk-format', 'cjk-spacing', 'cjk-punctuation']),
        expected_revision: expectedRevisionArg.optional(),
        addresses: addressesArg.optional(),
      }),
    ),
  },
});

import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { addressesArg, expectedRevisionArg, tabIdArg } from './fragments';

const focusedTabIdArg = tabIdArg.describe('Must be the focused tab (else INVALID_TAB)');

export const selectionTool = defineTool({
  name: 'selection',
  title: 'Editor selection read / replace',
  description:
    'Read or replace the user\'s current selection in the focused tab, so token cost scales with the edit instead of the document. Only the focused tab has a selection (INVALID_TAB otherwise); a tab without a live editor gives NO_EDITOR.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  actions: {
    get: action(
      'Return {text, isEmpty, range: {from, to}, mode: "wysiwyg" | "source", kind, tabId, revision}. text is Markdown in WYSIWYG mode, raw text in source mode, "" when collapsed.',
      z.object({ tabId: focusedTabIdArg.optional() }),
    ),
    set: action(
      'Replace the selection (or insert at the cursor when collapsed; "" deletes it). Returns {revision, replaced_chars, applied, durable}. Refused with STALE, BUSY while the user composes with an input method, and the journal refusals of document.write.',
      z.object({
        tabId: focusedTabIdArg.optional(),
        content: z.string().describe('Replacement text; Markdown markers become formatting in WYSIWYG mode'),
        expected_revision: expectedRevisionArg.optional().describe('Revision from selection.get (recommended); a mismatch is refused with STALE and current_revision'),
        addresses: addressesArg.optional(),
      }),
    ),
  },
});

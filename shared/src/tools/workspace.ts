import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { documentKindArg, tabIdArg, windowLabelArg } from './fragments';

const filePathArg = z
  .string()
  .min(1)
  .describe('Absolute file path inside the open workspace or the folder of an open document; otherwise INVALID_PATH');

export const workspaceTool = defineTool({
  name: 'workspace',
  title: 'Files, tabs and windows',
  description:
    'File and window lifecycle: new, open, save, save_as, close, switch tabs, focus windows, open a workspace folder. Nothing inside documents. open, save and save_as are confined to the open workspace root and the folders of open documents (INVALID_PATH otherwise).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  actions: {
    new: action(
      'Create a new untitled tab. Returns {tabId}.',
      z.object({
        kind: documentKindArg.optional().describe('Document kind: "markdown" (default) or "yaml-workflow"'),
        windowLabel: windowLabelArg.optional().describe('Target window label (default: the focused window)'),
      }),
    ),
    open: action(
      'Open a file from disk in a background tab; the user\'s visible tab and workspace do not change. Returns {tabId, workspaceInstanceId, activationChanged, workspaceSwitched}. Pass tabId on to document/selection calls; use switch_tab only if the user should see it.',
      z.object({
        filePath: filePathArg,
        windowLabel: windowLabelArg.optional(),
      }),
    ),
    open_workspace: action(
      'Open a folder as the active workspace of the receiving window. The user approves every open: the first call returns {needsApproval: true}; ask them, then repeat the same call on this connection within five minutes.',
      z.object({
        folderPath: z.string().min(1).describe('Absolute path of the folder to open'),
      }),
    ),
    save: action(
      'Save a tab under its existing path. Returns {filePath, revision, journaled}. STALE means a later save already reached the file; read before writing again.',
      z.object({ tabId: tabIdArg.optional() }),
    ),
    save_as: action(
      'Save a tab under a new path. Returns {revision, journaled}. A path other than the tab\'s own needs the auto-approve setting (else APPROVAL_REQUIRED); an existing other file is never replaced (APPROVAL_REQUIRED).',
      z.object({
        tabId: tabIdArg.optional(),
        filePath: filePathArg.describe('New absolute file path inside the workspace scope; an existing other file is never replaced'),
      }),
    ),
    close: action(
      'Close a document tab. Returns {closed: true} or {closed: false, reason: "DIRTY" | "DIVERGENT" | "PINNED"}. Without force, unsaved work is kept; a pinned tab is never closed. A browser tab is refused with INVALID_TAB: use browser.close.',
      z.object({
        tabId: tabIdArg.describe('Document tab id from session.get_state'),
        force: z.boolean().optional().describe('Discard unsaved or divergent changes (never closes a pinned tab)'),
      }),
    ),
    switch_tab: action(
      'Activate a tab and make it visible. Returns {activated, workspaceSwitched, workspaceInstanceId, activeTabId}; activated: false means the activation did not arrive. Tell the user when workspaceSwitched is true.',
      z.object({ tabId: tabIdArg.describe('Tab id from session.get_state') }),
    ),
    focus_window: action(
      'Focus a document window.',
      z.object({ windowLabel: windowLabelArg }),
    ),
  },
});

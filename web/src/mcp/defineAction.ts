import type { ActionArgs, ActionNames, CallOutcome, HostServiceOp, Principal, ToolDef } from '@vmark/shared';
import type { AgentJournal } from '../journal/agentJournal';
import type { UnsavedBufferJournal } from '../documents/unsavedBuffers';
import type { CommentStore } from '../comments/commentStore';
import type { FolderApprovals } from '../state/folderApprovals';
import type { EditorAdapter, WindowStore } from '../state/store';
import type { Tab } from '../state/types';
import type { ScopedPath } from './guards';

/**
 * What a handler declares it needs; dispatch.ts meets it before `run`, or refuses the call:
 * - tab 'any': the tab named by `tabId`, else the focused one (INVALID_TAB).
 * - tab 'workflow': the same, and it must be a GitHub Actions workflow (NOT_WORKFLOW).
 * - tab 'focused-editor': the focused tab and its editor; a `tabId` must name that tab (INVALID_TAB, NO_EDITOR).
 * - path 'filePath': the `filePath` argument, normalised and inside the scope (INVALID_PATH).
 */
export interface EditorNeeds {
  tab?: 'any' | 'workflow' | 'focused-editor';
  path?: 'filePath';
}

/** The window's services, without the transport the call came by. */
export interface WindowServices {
  store: WindowStore;
  journal: AgentJournal;
  /** The unsaved buffers' journal: an AI write stores its text there with its journal record. */
  buffers: UnsavedBufferJournal;
  approvals: FolderApprovals;
  /** Ids of the open (not resolved, not deleted) comment threads of a document. */
  openThreads(docKey: string): ReadonlySet<string>;
  comments: CommentStore;
  /** The native host's OS services (native folders, canonical paths, actionlint). */
  hostService(request: HostServiceOp): Promise<unknown>;
}

export interface ActionContext extends WindowServices {
  principal: Principal;
  /** The tab of `needs.tab`; reading it in a handler that did not declare one throws. */
  readonly tab: Tab;
  /** The focused editor of `needs.tab: 'focused-editor'`. */
  readonly editor: EditorAdapter;
  /** The path of `needs.path`, normalised and in scope, with the workspace it belongs to. */
  readonly target: ScopedPath;
}

export interface ActionHandler {
  tool: string;
  action: string;
  needs: EditorNeeds;
  run(ctx: ActionContext, args: Record<string, unknown>): Promise<CallOutcome>;
}

/** Fixes the argument type from the shared schema of that action; returns the handler as is. */
export function defineAction<T extends ToolDef, K extends ActionNames<T>>(
  tool: T,
  action: K,
  def: { needs?: EditorNeeds; run(ctx: ActionContext, args: ActionArgs<T, K>): Promise<CallOutcome> },
): ActionHandler {
  return { tool: tool.name, action, needs: def.needs ?? {}, run: def.run as ActionHandler['run'] };
}

import type { ActionArgs, ActionNames, CallOutcome, Principal, ToolDef } from '@vmark/shared';
import type { AgentJournal } from '../journal/agentJournal';
import type { CommentStore } from '../comments/commentStore';
import type { FolderApprovals } from '../state/folderApprovals';
import type { ExtensionConnection } from './connection';
import type { WindowStore } from '../state/store';

export interface ActionContext {
  store: WindowStore;
  connection: ExtensionConnection;
  journal: AgentJournal;
  approvals: FolderApprovals;
  /** Ids of the open (not resolved, not deleted) comment threads of a document. */
  openThreads(docKey: string): ReadonlySet<string>;
  comments: CommentStore;
  principal: Principal;
}

export interface ActionHandler {
  tool: string;
  action: string;
  run(ctx: ActionContext, args: Record<string, unknown>): Promise<CallOutcome>;
}

/** Fixes the argument type from the shared schema of that action; returns the handler as is. */
export function defineAction<T extends ToolDef, K extends ActionNames<T>>(
  tool: T,
  action: K,
  def: { run(ctx: ActionContext, args: ActionArgs<T, K>): Promise<CallOutcome> },
): ActionHandler {
  return { tool: tool.name, action, run: def.run as ActionHandler['run'] };
}

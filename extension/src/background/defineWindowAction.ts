import type { ActionArgs, ActionNames, CallOutcome, Principal, ToolDef } from '@vmark/shared';
import type { EditorPorts } from './editorPorts';

/** What an extension action about the editor windows gets: the windows themselves and who asked. */
export interface WindowActionContext {
  ports: EditorPorts;
  principal: Principal;
}

/** An action the extension answers about the editor windows (only the browser sees them all, and their focus). */
export interface WindowActionHandler {
  tool: string;
  action: string;
  run(ctx: WindowActionContext, args: Record<string, unknown>): Promise<CallOutcome>;
}

/** Fixes the argument type from the shared schema of that action; returns the handler as is. */
export function defineWindowAction<T extends ToolDef, K extends ActionNames<T>>(
  tool: T,
  action: K,
  def: { run(ctx: WindowActionContext, args: ActionArgs<T, K>): Promise<CallOutcome> },
): WindowActionHandler {
  return { tool: tool.name, action, run: def.run as WindowActionHandler['run'] };
}

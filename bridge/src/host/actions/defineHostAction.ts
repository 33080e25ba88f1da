import type { Principal } from '@vmark/shared/protocol/messages';
import type { CallOutcome } from '@vmark/shared/protocol/outcome';

/** What a host handler gets: the call's arguments as the MCP server checked them, and who called. */
export interface HostActionContext {
  principal: Principal;
}

export interface HostAction {
  tool: string;
  action: string;
  run(ctx: HostActionContext, args: Record<string, unknown>): Promise<CallOutcome>;
}

/** One action the host answers itself (an owner-table entry of 'host', or BY_FOLDER for a native folder). */
export function defineHostAction(tool: string, action: string, run: HostAction['run']): HostAction {
  return { tool, action, run };
}

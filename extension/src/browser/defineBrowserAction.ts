import type { ActionArgs, ActionNames, CallOutcome, Principal, ToolDef } from '@vmark/shared';
import type { BrowserSettings } from './settings';
import type { AiPrincipal } from './state/browserState';
import type { Target } from './resolveTarget';

/**
 * What a handler declares it needs; browserRouter.ts meets it before `run`:
 * - 'none': no tab (open, close resolve their own).
 * - 'ai-tab': an AI tab of this AI principal (tabId or its current one), else TAB_NOT_AI_OWNED.
 * - 'readable': an AI tab of this AI principal, or a person's tab the person attached; 'lasting' refuses
 *   an "Allow once" attachment (ATTACHMENT_ONCE_INSUFFICIENT).
 */
export type TabNeed = 'none' | 'ai-tab' | 'readable' | 'readable-lasting';

export interface BrowserContext {
  principal: Principal;
  aiPrincipal: AiPrincipal;
  settings: BrowserSettings;
  /** The resolved tab; reading it in a 'none' handler throws. */
  target: Target;
}

export interface BrowserActionHandler {
  tool: string;
  action: string;
  needs: TabNeed;
  run(ctx: BrowserContext, args: Record<string, unknown>): Promise<CallOutcome>;
}

/** Fixes the argument type from the shared schema of that action; returns the handler as is. */
export function defineBrowserAction<T extends ToolDef, K extends ActionNames<T>>(
  tool: T,
  action: K,
  def: { needs: TabNeed; run(ctx: BrowserContext, args: ActionArgs<T, K>): Promise<CallOutcome> },
): BrowserActionHandler {
  return { tool: tool.name, action, needs: def.needs, run: def.run as BrowserActionHandler['run'] };
}

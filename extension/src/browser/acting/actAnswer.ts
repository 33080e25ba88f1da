import { ok, type CallOutcome } from '@vmark/shared';
import type { ActReason, PerformResult } from '../../page/act/types';
import { refuse } from '../refusals';
import { loadBrowserState } from '../state/browserState';

/** How an act reached the page: synthetic DOM events (isTrusted false) or trusted CDP input. */
export type InputPath = 'synthetic' | 'trusted';

export interface ActContext {
  tabId: string;
  chromeTabId: number;
  operation: string;
  input: InputPath;
  popup: string | null;
}

/** The tab's url and generation as they are now (an act may have navigated it). */
async function tabNow(chromeTabId: number): Promise<{ url: string; generation: number }> {
  const tab = (await loadBrowserState()).aiTabs[String(chromeTabId)];
  return { url: tab?.url ?? '', generation: tab?.generation ?? 0 };
}

type Refused = { reason: ActReason; detail: string; candidates?: string[]; matchedTotal: number; matchedVisible: number; element?: unknown };

/** ACT_REFUSED (STALE_COMMAND for a ref that names nothing any more), with everything the AI needs to choose again. */
export async function refusedAct(ctx: ActContext, refused: Refused): Promise<CallOutcome> {
  const { reason, detail, candidates, matchedTotal, matchedVisible, element } = refused;
  const data = {
    tabId: ctx.tabId,
    operation: ctx.operation,
    reason,
    detail,
    ...(candidates ? { candidates } : {}),
    ...(element ? { element } : {}),
    matchedTotal,
    matchedVisible,
    ...(await tabNow(ctx.chromeTabId)),
    input: ctx.input,
    ...(ctx.popup ? { popup: { url: ctx.popup } } : {}),
    untrusted: true,
  };
  if (reason === 'stale') return refuse('STALE_COMMAND', detail, data);
  return refuse('ACT_REFUSED', `${ctx.operation} refused (${reason}): ${detail}`, data);
}

export async function actDone(ctx: ActContext, done: Extract<PerformResult, { ok: true }>): Promise<CallOutcome> {
  const { ok: _ok, ...result } = done;
  return ok({
    tabId: ctx.tabId,
    operation: ctx.operation,
    ...result,
    ...(await tabNow(ctx.chromeTabId)),
    input: ctx.input,
    ...(ctx.popup ? { popup: { url: ctx.popup } } : {}),
    untrusted: true,
  });
}

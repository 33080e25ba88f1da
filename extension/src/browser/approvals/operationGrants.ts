import type { CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import { loadBrowserState, updateBrowserState, type BrowserState, type OperationRequest, type AiPrincipal, type SigninRequest } from '../state/browserState';
import type { AiTab } from '../state/browserState';
import { toBrowserTabId } from '../tabs/tabIds';
import { mayGrantOnSite, type Operation } from '../safety/operations';
import { requestApproval } from './prompts';

/**
 * Grants for operations on pages (act, style, execute_js, session_save/session_load): an
 * origin-scoped standing grant (where the operation allows one), or a one-shot bound to operation +
 * element + exact detail + the tab's generation and origin. A call never waits: without a grant it
 * opens the prompt and is refused with NOT_GRANTED; the retry spends the answer.
 */
export interface OperationAsk {
  operation: Operation;
  element: { role: string; name: string } | null;
  detail: string | null;
  /** What binds a one-shot in place of the detail (a script's hash); defaults to the detail. */
  bindingDetail?: string;
  /** Operation `session`: the verb and handle (the prompt names them; the one-shot binds them). */
  signin?: SigninRequest;
}

export function bindingOf(ask: OperationAsk): string {
  return JSON.stringify([ask.operation, ask.element?.role ?? null, ask.element?.name ?? null, ask.bindingDetail ?? ask.detail]);
}

export function hasSiteGrant(state: BrowserState, principalKey: string, origin: string | null, operation: Operation): boolean {
  return origin !== null && mayGrantOnSite(operation) && state.siteGrants.some((g) => g.principalKey === principalKey && g.origin === origin && g.operation === operation);
}

export async function siteGrantExists(principalKey: string, origin: string | null, operation: Operation): Promise<boolean> {
  return hasSiteGrant(await loadBrowserState(), principalKey, origin, operation);
}

/** A one-shot of this tab's current generation matching the ask, or null. */
function findOnce(state: BrowserState, aiPrincipal: AiPrincipal, tab: AiTab, binding: string): number {
  return state.operationOnce.findIndex((o) => o.principalKey === aiPrincipal.key && o.chromeTabId === tab.chromeTabId && o.generation === tab.generation && o.binding === binding);
}

export type Permit = { kind: 'site' } | { kind: 'once'; binding: string; generation: number };

function permitIn(state: BrowserState, aiPrincipal: AiPrincipal, current: AiTab, ask: OperationAsk): Permit | null {
  if (hasSiteGrant(state, aiPrincipal.key, current.origin, ask.operation)) return { kind: 'site' };
  const binding = bindingOf(ask);
  return findOnce(state, aiPrincipal, current, binding) !== -1 ? { kind: 'once', binding, generation: current.generation } : null;
}

/** The grant that covers this ask now, or null; opens no prompt (a workflow run waits on it). */
export async function currentPermit(aiPrincipal: AiPrincipal, tab: AiTab, ask: OperationAsk): Promise<Permit | null> {
  const state = await loadBrowserState();
  return permitIn(state, aiPrincipal, state.aiTabs[String(tab.chromeTabId)] ?? tab, ask);
}

/** The grant that covers this ask now, else the prompt is opened and the NOT_GRANTED refusal returned. */
export async function permitOrAsk(aiPrincipal: AiPrincipal, tab: AiTab, ask: OperationAsk, retry: Record<string, unknown>): Promise<{ ok: true; permit: Permit } | { ok: false; outcome: CallOutcome }> {
  const state = await loadBrowserState();
  const current = state.aiTabs[String(tab.chromeTabId)] ?? tab;
  const permit = permitIn(state, aiPrincipal, current, ask);
  if (permit) return { ok: true, permit };
  const binding = bindingOf(ask);
  const request: OperationRequest = { operation: ask.operation, element: ask.element, detail: ask.detail, generation: current.generation, binding, ...(ask.signin ? { signin: ask.signin } : {}) };
  await requestApproval({ kind: 'operation', aiPrincipal, chromeTabId: tab.chromeTabId, url: current.url, origin: current.origin ?? current.url, pageTitle: current.title, request });
  const tabId = toBrowserTabId(tab.chromeTabId);
  const what = ask.element ? `${ask.operation} on ${ask.element.role} "${ask.element.name}"` : ask.operation;
  const outcome = refuse('NOT_GRANTED', `${what} on ${current.origin ?? 'this page'} needs the user's approval. A prompt is open in the browser; once they allow it, repeat the same call`, {
    tabId,
    origin: current.origin,
    needsApproval: true,
    approval: ask.operation,
    operation: ask.operation,
    element: ask.element,
    ...(ask.detail !== null && ask.operation !== 'eval' ? { detail: ask.detail } : {}),
    url: current.url,
    generation: current.generation,
    retry,
  });
  return { ok: false, outcome };
}

/** Spends a one-shot (the act it named has run). */
export async function spendPermit(aiPrincipal: AiPrincipal, chromeTabId: number, permit: Permit): Promise<void> {
  if (permit.kind !== 'once') return;
  await updateBrowserState((state) => {
    const index = state.operationOnce.findIndex((o) => o.principalKey === aiPrincipal.key && o.chromeTabId === chromeTabId && o.generation === permit.generation && o.binding === permit.binding);
    if (index !== -1) state.operationOnce.splice(index, 1);
  });
}

/** A ref target names no element the person could read in a prompt: only a standing grant covers it. */
export function refNeedsSiteGrant(tab: AiTab, operation: Operation): CallOutcome {
  const tabId = toBrowserTabId(tab.chromeTabId);
  return refuse('NOT_GRANTED', `A ref target is accepted only for an operation the user allowed on ${tab.origin ?? 'this site'}; ${operation} is not. Target the element with role + name instead, so the approval prompt can name it`, {
    tabId,
    origin: tab.origin,
    operation,
    reason: 'ref-not-granted',
    url: tab.url,
    generation: tab.generation,
  });
}

/**
 * Operation `session` (session_save / session_load): approved per call, never a standing grant.
 * "Allow" names one verb, one handle, the tab and its page (origin and generation); the retried call
 * of exactly that spends it at once. Another handle, the other verb or another page finds nothing
 * and asks again.
 */
export async function checkSigninApproval(aiPrincipal: AiPrincipal, tab: AiTab, signin: SigninRequest): Promise<CallOutcome | null> {
  const { verb, handle, replaces } = signin;
  const ask: OperationAsk = { operation: 'session', element: null, detail: null, bindingDetail: JSON.stringify([verb, handle, replaces]), signin };
  const retry = { tool: 'browser', action: `session_${verb}` };
  const found = await permitOrAsk(aiPrincipal, tab, ask, retry);
  if (found.ok) {
    await spendPermit(aiPrincipal, tab.chromeTabId, found.permit);
    return null;
  }
  if (found.outcome.kind !== 'refusal') return found.outcome;
  const origin = found.outcome.refusal.data?.origin as string | null;
  const what = verb === 'save' ? (replaces ? `Replacing the saved sign-in "${handle}"` : `Saving the sign-in of ${origin} as "${handle}"`) : `Loading the saved sign-in "${handle}" into ${origin}`;
  return refuse('NOT_GRANTED', `${what} needs the user's approval, every time. A prompt is open in the browser; once they allow it, retry the same browser.session_${verb}`, {
    ...found.outcome.refusal.data,
    handle,
  });
}

import { textFailure } from '@vmark/shared';
import type { ActRequest, PerformResult } from '../../page/act/types';
import { readTarget, type PageRead } from '../pageApi/readTarget';
import type { Target } from '../resolveTarget';
import { attachDebugger } from './trustedInput';

const SCROLL_POLL_MS = 40;
const SCROLL_SETTLE_LIMIT_MS = 3_000;

/** A wheel's scroll runs on after CDP returns (it may animate): wait until the page says it is at rest. */
async function untilScrollSettles(target: Target): Promise<void> {
  const deadline = Date.now() + SCROLL_SETTLE_LIMIT_MS;
  while (Date.now() < deadline) {
    const state = await readTarget(target, 'trustedScrollSettled');
    if (!state.ok || state.value.settled) return;
    await new Promise((resolve) => setTimeout(resolve, SCROLL_POLL_MS));
  }
}

/**
 * act with trusted input: the debugger attached first (its bar, where shown, moves the page), then
 * the page checks and arms (prepareTrusted), CDP acts, and the page verifies (finishTrusted).
 * null: no trusted path for this act (the debugger is held elsewhere, a <select>, a scroll to a
 * target); the caller acts with synthetic events. A scroll by dy is a wheel, read back once at rest.
 */
export async function performTrusted(target: Target, request: ActRequest): Promise<PageRead<'performAct'> | null> {
  const debuggerOnTab = await attachDebugger(target.chromeTabId);
  if (!debuggerOnTab) return null;
  try {
    const prepared = await readTarget(target, 'prepareTrusted', [request]);
    if (!prepared.ok) return prepared;
    const ready = prepared.value;
    if (!ready.ok) return { ok: true, value: ready satisfies PerformResult };
    if (ready.plan === null) return null;
    const counts = { matchedTotal: ready.matchedTotal, matchedVisible: ready.matchedVisible };
    try {
      await debuggerOnTab.perform(ready.plan, { key: request.key ?? '', ...(request.modifiers ? { modifiers: request.modifiers } : {}) });
      if (ready.plan.kind === 'wheel') await untilScrollSettles(target);
    } catch (error) {
      // disarm the page's guard; what the input did is unknown
      await readTarget(target, 'finishTrusted', [request, counts]).catch(() => undefined);
      return { ok: false, outcome: textFailure(`trusted input failed (${(error as Error)?.message ?? String(error)}); read the page before acting again`) };
    }
    const finished = await readTarget(target, 'finishTrusted', [request, counts]);
    // the page could not answer because the input navigated it: a click or key that acted
    if (!finished.ok && request.operation !== 'type') return { ok: true, value: { ok: true, element: ready.element, ...(request.operation === 'key' ? { defaultAction: 'navigation' } : {}), ...counts } };
    return finished;
  } finally {
    await debuggerOnTab.detach();
  }
}

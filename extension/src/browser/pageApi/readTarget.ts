import { textFailure, type CallOutcome } from '@vmark/shared';
import type { VmarkPageApi } from '../../page/types';
import { loadBrowserState, updateBrowserState } from '../state/browserState';
import type { Target } from '../resolveTarget';
import { callPage, PageCallError, PageCrashedError, PageLoadFailedError, type RefBinding } from './callPage';
import { pageCrashedRefusal } from './crashedPage';
import { pageLoadFailedRefusal } from './errorPage';

type Method = Parameters<typeof callPage>[1];
export type PageRead<M extends Method> = { ok: true; value: ReturnType<VmarkPageApi[M]> } | { ok: false; outcome: CallOutcome };

async function bindingOf(target: Target): Promise<RefBinding | null> {
  if (target.kind !== 'ai') return null;
  const tab = (await loadBrowserState()).aiTabs[String(target.chromeTabId)];
  return tab ? { generation: tab.generation, refFloor: tab.refFloor ?? 0 } : null;
}

/**
 * Calls the page API on a resolved target, with the AI tab's current ref binding (read afresh:
 * the tab may have navigated since the call began); a page that cannot answer becomes a
 * plain-sentence failure.
 */
export async function readTarget<M extends Method>(target: Target, method: M, args: unknown[] = []): Promise<PageRead<M>> {
  const binding = await bindingOf(target);
  try {
    const { value, nextRef } = await callPage<ReturnType<VmarkPageApi[M]>>(target.chromeTabId, method, args, binding);
    if (binding && nextRef - 1 > binding.refFloor) {
      await updateBrowserState((state) => {
        const tab = state.aiTabs[String(target.chromeTabId)];
        if (tab) tab.refFloor = Math.max(tab.refFloor ?? 0, nextRef - 1);
      });
    }
    return { ok: true, value };
  } catch (error) {
    if (error instanceof PageCrashedError) return { ok: false, outcome: pageCrashedRefusal(target) };
    if (error instanceof PageLoadFailedError) return { ok: false, outcome: pageLoadFailedRefusal(target, error.failure) };
    if (error instanceof PageCallError) return { ok: false, outcome: textFailure(`${method} failed on tab ${target.tabId}: ${error.message}`) };
    throw error;
  }
}

import { loadBrowserState, onBrowserStateChange } from './browserState';

/**
 * The AI tab ids, in memory, so that a navigation event can decide without a storage round trip
 * whether to inject the console shim (every millisecond lost lets page scripts run unobserved).
 */
let ids: Set<number> | null = null;

onBrowserStateChange((state) => {
  ids = new Set(Object.values(state.aiTabs).map((t) => t.chromeTabId));
});

export async function aiTabIds(): Promise<Set<number>> {
  if (ids) return ids;
  const state = await loadBrowserState();
  ids ??= new Set(Object.values(state.aiTabs).map((t) => t.chromeTabId));
  return ids;
}

import type { WindowStore } from '../state/store';
import { parseMarkdown, type ParsedDoc } from './markdown';

/**
 * The parse of each open tab's text, kept while that text is the tab's content: switching back
 * to a tab (only the shown tab has a mounted editor) renders it without parsing the markdown again,
 * which is most of what opening a large document costs. An entry goes as soon as its tab closes or
 * its content changes, so nothing outlives the tab.
 */
const byStore = new WeakMap<WindowStore, Map<string, ParsedDoc>>();

function parsesOf(store: WindowStore): Map<string, ParsedDoc> {
  let parses = byStore.get(store);
  if (!parses) {
    const kept = new Map<string, ParsedDoc>();
    store.subscribe(() => {
      for (const [tabId, parsed] of kept) {
        if (store.tab(tabId)?.content !== parsed.source) kept.delete(tabId);
      }
    });
    byStore.set(store, kept);
    parses = kept;
  }
  return parses;
}

/** The parse of `content` for the tab: the kept one when the tab's text is still the same. */
export function parseTab(store: WindowStore, tabId: string, content: string): ParsedDoc {
  const kept = keptParse(store, tabId, content);
  if (kept) return kept;
  const parsed = parseMarkdown(content);
  keepParse(store, tabId, parsed);
  return parsed;
}

/** The kept parse of the tab's `content`, if there is one. */
export function keptParse(store: WindowStore, tabId: string, content: string): ParsedDoc | undefined {
  const kept = parsesOf(store).get(tabId);
  return kept?.source === content ? kept : undefined;
}

/** Keeps a parse the editor made of the tab's text (e.g. content loaded from disk or an agent). */
export function keepParse(store: WindowStore, tabId: string, parsed: ParsedDoc): void {
  const parses = parsesOf(store);
  if (store.tab(tabId)?.content === parsed.source) parses.set(tabId, parsed);
  else parses.delete(tabId);
}

import type { WindowStore } from '../state/store';
import { docKeyOf } from '../comments/docKey';
import type { AgentJournal } from './agentJournal';

/**
 * Journal recovery: each tab that opens here (a file, a restored buffer) settles its document's
 * latest entry if a window ended before that entry's completion landed (`AgentJournal.settle`).
 */
export function settleJournalOnOpen(store: WindowStore, journal: AgentJournal): () => void {
  const known = new Set<string>();
  const sync = () => {
    const tabs = store.getSnapshot().tabs;
    for (const tab of tabs) {
      if (known.has(tab.id)) continue;
      known.add(tab.id);
      void journal.settle(docKeyOf(tab), tab.content, tab.revision).catch(() => undefined);
    }
    if (known.size > tabs.length) for (const id of [...known]) if (!tabs.some((t) => t.id === id)) known.delete(id);
  };
  sync();
  return store.subscribe(sync);
}

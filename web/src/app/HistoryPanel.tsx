import { useCallback, useEffect, useState } from 'react';
import type { HistorySnapshot, JournalEntry } from '../journal/db';
import { listSnapshots } from '../journal/history';
import type { Tab } from '../state/types';
import type { AgentJournal } from '../journal/agentJournal';
import { Diff } from './Diff';
import { useComments, useServices } from './services';

const time = (at: number) => new Date(at).toLocaleTimeString();

/**
 * The file's history: AI changes from the agent edit journal (review, restore) and saved
 * snapshots, AI saves labelled (mcp). Restoring is a real content change, so it bumps the revision.
 */
export function HistoryPanel({ tab, journal, onClose }: { tab: Tab; journal: AgentJournal; onClose: () => void }) {
  const { store, comments } = useServices();
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [snapshots, setSnapshots] = useState<HistorySnapshot[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const docKey = tab.filePath ?? `untitled:${tab.id}`;
  // re-render when a comment an AI change answered gets deleted
  useComments(docKey);
  const answered = (id: string) => (comments.threadStatus(docKey, id) === 'deleted' ? `${id} (deleted comment)` : id);

  const load = useCallback(async () => {
    setEntries((await journal.list(docKey).catch(() => [])).filter((e) => e.state === 'applied').reverse());
    setSnapshots(tab.filePath ? (await listSnapshots(tab.filePath).catch(() => [])).reverse() : []);
  }, [journal, docKey, tab.filePath]);
  useEffect(() => {
    void load();
  }, [load, tab.revision]);

  const restore = (content: string) => store.setContent(tab.id, content);

  return (
    <aside className="history-panel" aria-label="History">
      <header>
        <h2>History of {tab.title}</h2>
        <button aria-label="Close history" onClick={onClose}>
          ×
        </button>
      </header>
      <h3>AI changes</h3>
      {entries.length === 0 && <p className="muted">No AI changes.</p>}
      <ul>
        {entries.map((e) => (
          <li key={e.id} className={e.reviewed ? 'reviewed' : ''}>
            <button aria-expanded={open === e.id} onClick={() => setOpen(open === e.id ? null : e.id)}>
              <time>{time(e.at)}</time> · {e.tool}.{e.action} by {e.client}
              {e.addresses.length > 0 && ` · answers ${e.addresses.map(answered).join(', ')}`}
            </button>
            {open === e.id && (
              <>
                <Diff before={e.contentBefore} after={e.contentAfter ?? ''} />
                <div className="row-actions">
                  <button onClick={() => restore(e.contentBefore)}>Restore the text before this change</button>
                  {!e.reviewed && <button onClick={() => void journal.markReviewed(e.id).then(load)}>Mark reviewed</button>}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <h3>Snapshots</h3>
      {snapshots.length === 0 && <p className="muted">No saved snapshots.</p>}
      <ul>
        {snapshots.map((s) => (
          <li key={s.id}>
            <button aria-expanded={open === s.id} onClick={() => setOpen(open === s.id ? null : s.id)}>
              <time>{time(s.at)}</time> {s.kind === 'mcp' ? '(mcp)' : s.kind === 'auto' ? '(auto)' : s.kind === 'restore' ? '(restore)' : ''}
            </button>
            {open === s.id && (
              <>
                <Diff before={s.content} after={tab.content} />
                <div className="row-actions">
                  <button onClick={() => restore(s.content)}>Restore this version</button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { isLive } from '@vmark/shared/lib/comments/index';
import { docKeyOf } from '../comments/docKey';
import { addComment } from '../comments/personComments';
import type { Tab } from '../state/types';
import { draftFromSelection, draftRange, type CommentDraft } from './commentDraft';
import { CommentThreadItem } from './CommentThreadItem';
import { useComments, useServices } from './services';

/** The toolbar button: takes the selection as the draft of a new comment. */
export function CommentButton({ tabId, onDraft }: { tabId: string; onDraft: (draft: CommentDraft) => void }) {
  const { store } = useServices();
  return (
    <button
      className="icon-button"
      aria-label="Comment"
      title="Comment on the selection"
      // keep the editor's selection: a click would otherwise move focus first
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        const draft = draftFromSelection(store, tabId);
        if ('problem' in draft) store.notify(draft.problem);
        else onDraft(draft);
      }}
    >
      <MessageSquarePlus size={16} aria-hidden />
    </button>
  );
}

function NewComment({ tab, draft, onDone }: { tab: Tab; draft: CommentDraft; onDone: () => void }) {
  const { comments, store } = useServices();
  const [body, setBody] = useState('');
  const submit = () => {
    const current = store.tab(tab.id);
    const range = current && draftRange(draft, current.content);
    if (!current || !range) {
      store.notify('The selected text is no longer in the document; select it again.');
      return;
    }
    const added = addComment(comments, draft.docKey, current.content, range, body);
    if ('problem' in added) store.notify(added.problem);
    else onDone();
  };
  return (
    <form
      className="new-comment"
      aria-label="New comment"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <blockquote>{draft.anchor.quote}</blockquote>
      <textarea
        aria-label="Comment"
        autoFocus
        rows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
      />
      <div className="row-actions">
        <button type="submit" disabled={body.trim().length === 0}>
          Add comment
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The document's review threads, oldest first; a thread whose text is gone stays, marked detached. */
export function CommentsPanel({
  tab,
  draft,
  selectedId,
  onDraftDone,
  onClose,
}: {
  tab: Tab;
  draft: CommentDraft | null;
  /** The thread whose highlight the person clicked last. */
  selectedId: string | null;
  onDraftDone: () => void;
  onClose: () => void;
}) {
  const docKey = docKeyOf(tab);
  const snapshot = useComments(docKey);
  const threads = snapshot?.file.threads.filter(isLive) ?? [];
  return (
    <aside className="comments-panel" aria-label="Comments">
      <header>
        <h2>Comments on {tab.title}</h2>
        <button aria-label="Close comments" onClick={onClose}>
          ×
        </button>
      </header>
      {snapshot?.status === 'unreadable' && <p role="alert">{snapshot.problem}</p>}
      {snapshot?.unsaved && <p className="muted">Not stored yet; trying again…</p>}
      {draft && draft.docKey === docKey && <NewComment tab={tab} draft={draft} onDone={onDraftDone} />}
      {threads.length === 0 && !draft && <p className="muted">No comments. Select text and choose Comment.</p>}
      <ul className="comment-threads">
        {threads.map((t) => (
          <CommentThreadItem key={t.id} docKey={docKey} thread={t} place={snapshot?.places.get(t.id)} selected={t.id === selectedId} />
        ))}
      </ul>
    </aside>
  );
}

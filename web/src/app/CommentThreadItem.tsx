import { useEffect, useRef, useState } from 'react';
import type { AnchorPlace, CommentReply, CommentThread } from '@vmark/shared/lib/comments/index';
import { deleteComment, replyAsPerson, setThreadState } from '../comments/personComments';
import { useServices } from './services';

const STATE_LABELS: Record<CommentThread['state'], string> = { open: 'Open', addressed: 'Addressed by AI', resolved: 'Resolved', reopened: 'Reopened' };
const QUOTE_SHOWN_CHARS = 240;

function author(reply: CommentReply): string {
  return reply.author === 'person' ? 'You' : `AI${reply.client ? ` (${reply.client})` : ''}`;
}

/** One thread: the quoted text, its messages, and the person's actions (reply, resolve or reopen, delete). */
export function CommentThreadItem({ docKey, thread, place, selected }: { docKey: string; thread: CommentThread; place: AnchorPlace | undefined; selected: boolean }) {
  const { comments, store } = useServices();
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) item.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const [reply, setReply] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const detached = place ? place.detached : thread.detached;
  const quote = thread.anchor.quote.length > QUOTE_SHOWN_CHARS ? `${thread.anchor.quote.slice(0, QUOTE_SHOWN_CHARS)}…` : thread.anchor.quote;
  const report = (problem: string | null) => {
    if (problem) store.notify(problem);
    return problem === null;
  };
  const sendReply = () => {
    if (report(replyAsPerson(comments, docKey, thread.id, reply))) setReply('');
  };

  return (
    <li
      ref={item}
      className={`comment-thread ${thread.state}${detached ? ' detached' : ''}${selected ? ' selected' : ''}`}
      data-comment-id={thread.id}
      aria-label={`Comment on ${quote}`}
      aria-current={selected ? 'true' : undefined}
    >
      <blockquote>{quote}</blockquote>
      <div className="comment-badges">
        <span className="comment-state">{STATE_LABELS[thread.state]}</span>
        {detached && <span className="comment-detached">Detached: the quoted text is no longer in the document</span>}
      </div>
      <ol className="comment-replies">
        {thread.replies.map((r) => (
          <li key={r.id} className={`comment-reply ${r.author}`}>
            <span className="comment-author">{author(r)}</span> <time dateTime={r.at}>{new Date(r.at).toLocaleString()}</time>
            <div className="comment-body">{r.body}</div>
          </li>
        ))}
      </ol>
      {thread.state !== 'resolved' && (
        <div className="comment-reply-form">
          <textarea
            aria-label="Reply"
            value={reply}
            rows={2}
            onChange={(e) => setReply(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) sendReply();
            }}
          />
          <button onClick={sendReply} disabled={reply.trim().length === 0}>
            Reply
          </button>
        </div>
      )}
      <div className="row-actions">
        {thread.state === 'resolved' ? (
          <button onClick={() => report(setThreadState(comments, docKey, thread.id, 'reopened'))}>Reopen</button>
        ) : (
          <button onClick={() => report(setThreadState(comments, docKey, thread.id, 'resolved'))}>Resolve</button>
        )}
        {confirmDelete ? (
          <>
            <button onClick={() => report(deleteComment(comments, docKey, thread.id))}>Delete comment</button>
            <button onClick={() => setConfirmDelete(false)}>Keep</button>
          </>
        ) : (
          <button onClick={() => setConfirmDelete(true)}>Delete</button>
        )}
      </div>
    </li>
  );
}

import { commentLimit, commentNotAllowed, invalidComment, invalidText, staleComment, type DomainError } from '../../errors/domainError';
import { hasLoneSurrogate } from '../text/hasLoneSurrogate';
import { isCommentId } from './commentIds';
import { MAX_BODY_CHARS, MAX_REPLIES_PER_THREAD, MAX_THREAD_CHARS } from './limits';
import type { CommentFile, CommentThread } from './types';

export type Checked = { ok: true; thread: CommentThread } | { ok: false; error: DomainError };

const refuse = (error: DomainError): Checked => ({ ok: false, error });

/**
 * The refusals every AI change of a thread shares, in this order: a malformed or foreign id
 * (INVALID_COMMENT), a deleted or changed thread (STALE_COMMENT), a resolved one (COMMENT_NOT_ALLOWED).
 */
export function checkThreadCall(file: CommentFile, commentId: string, expectedCommentGen: string): Checked {
  if (!isCommentId(commentId)) {
    return refuse(invalidComment(`"${commentId.slice(0, 40)}" is not a comment id (they look like cmt-AbCdEf123456); use an id from comments.list. Nothing was changed.`));
  }
  const thread = file.threads.find((t) => t.id === commentId);
  if (!thread) return refuse(invalidComment(`${commentId} is not a comment of this document; use an id from comments.list for this document. Nothing was changed.`));
  if (thread.deletedAt !== undefined) return refuse(staleComment(`${commentId} was deleted by the person; call comments.list again. Nothing was changed.`));
  if (String(thread.gen) !== expectedCommentGen) {
    return refuse(staleComment(`${commentId} changed since comments.list (commentGen is now ${thread.gen}, not ${expectedCommentGen}); call comments.list again. Nothing was changed.`));
  }
  if (thread.state === 'resolved') {
    return refuse(commentNotAllowed(`${commentId} is resolved; only the person can reopen it. Nothing was changed.`));
  }
  return { ok: true, thread };
}

const threadChars = (thread: CommentThread): number => thread.replies.reduce((sum, r) => sum + r.body.length, 0);

/** What a reply's text and the thread's size allow (INVALID_TEXT, COMMENT_LIMIT). */
export function checkReplyBody(thread: CommentThread, body: string): DomainError | null {
  if (hasLoneSurrogate(body)) return invalidText('The reply contains a lone UTF-16 surrogate; nothing was changed.');
  if (body.length > MAX_BODY_CHARS) {
    return commentLimit(`The reply has ${body.length} characters; at most ${MAX_BODY_CHARS} are allowed. Nothing was changed.`);
  }
  if (thread.replies.length >= MAX_REPLIES_PER_THREAD) {
    return commentLimit(`The thread already holds ${MAX_REPLIES_PER_THREAD} messages, the most a thread can hold. Nothing was changed.`);
  }
  if (threadChars(thread) + body.length > MAX_THREAD_CHARS) {
    return commentLimit(`The thread would exceed ${MAX_THREAD_CHARS} characters of text, so it can no longer grow. Nothing was changed.`);
  }
  return null;
}

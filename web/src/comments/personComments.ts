import { hasLoneSurrogate } from '@vmark/shared/lib/text/hasLoneSurrogate';
import {
  MAX_BODY_CHARS,
  MAX_QUOTE_CHARS,
  addReply,
  captureAnchor,
  checkReplyBody,
  createThread,
  deleteThread,
  setState,
  type CommentState,
} from '@vmark/shared/lib/comments/index';
import { randomBase62 } from '../lib/randomId';
import type { CommentStore } from './commentStore';

export const newCommentId = (): string => `cmt-${randomBase62(12)}`;
export const newReplyId = (): string => `rpl-${randomBase62(12)}`;

/** What is wrong with a message the person typed, or null. */
export function bodyProblem(body: string): string | null {
  if (body.trim().length === 0) return 'Write something first.';
  if (body.length > MAX_BODY_CHARS) return `A comment holds at most ${MAX_BODY_CHARS.toLocaleString('en')} characters.`;
  if (hasLoneSurrogate(body)) return 'The text contains a broken character.';
  return null;
}

/** What is wrong with commenting on this part of the text, or null. */
export function selectionProblem(quote: string): string | null {
  if (quote.length === 0) return 'Select the text you want to comment on first.';
  if (quote.length > MAX_QUOTE_CHARS) return `Select at most ${MAX_QUOTE_CHARS.toLocaleString('en')} characters to comment on.`;
  return null;
}

/** The person comments on [start, end) of `text`. Returns the new thread's id, or the problem. */
export function addComment(comments: CommentStore, docKey: string, text: string, range: { start: number; end: number }, body: string): { id: string } | { problem: string } {
  const problem = selectionProblem(text.slice(range.start, range.end)) ?? bodyProblem(body);
  if (problem) return { problem };
  const id = newCommentId();
  const anchor = captureAnchor(text, range.start, range.end);
  const opening = { id: newReplyId(), author: 'person' as const, body, at: new Date().toISOString() };
  const refused = comments.change(docKey, (file) => (file.threads.some((t) => t.id === id) ? file : createThread(file, { id, anchor, opening })));
  return refused ? { problem: refused } : { id };
}

export function replyAsPerson(comments: CommentStore, docKey: string, threadId: string, body: string): string | null {
  const thread = comments.snapshot(docKey)?.file.threads.find((t) => t.id === threadId);
  if (!thread) return 'This comment no longer exists.';
  const problem = bodyProblem(body) ?? checkReplyBody(thread, body)?.message ?? null;
  if (problem) return problem;
  const reply = { id: newReplyId(), author: 'person' as const, body, at: new Date().toISOString() };
  return comments.change(docKey, (file) => addReply(file, threadId, reply));
}

/** Resolve and reopen are the person's alone (the MCP tool has no such action). */
export function setThreadState(comments: CommentStore, docKey: string, threadId: string, state: Extract<CommentState, 'resolved' | 'reopened'>): string | null {
  return comments.change(docKey, (file) => setState(file, threadId, state));
}

export function deleteComment(comments: CommentStore, docKey: string, threadId: string): string | null {
  const at = new Date().toISOString();
  return comments.change(docKey, (file) => deleteThread(file, threadId, at));
}

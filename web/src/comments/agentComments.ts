import { DomainErrorException, journalUnavailable, type Principal } from '@vmark/shared';
import {
  MAX_CLIENT_NAME_CHARS,
  addReply,
  checkReplyBody,
  checkThreadCall,
  isLive,
  paginate,
  setState,
  type CommentFile,
  type CommentPage,
} from '@vmark/shared/lib/comments/index';
import type { CommentStore } from './commentStore';
import { newReplyId } from './personComments';

export interface ReplyResult {
  comment: string;
  reply: string;
  commentGen: string;
  generation: string;
}

export interface MarkAddressedResult {
  comment: string;
  state: 'addressed';
  commentGen: string;
  generation: string;
}

/** Results of recent AI changes, so a repeated call gets the first result instead of a second reply. */
const firstResults = new Map<string, ReplyResult | MarkAddressedResult>();
const MAX_REMEMBERED_RESULTS = 1_000;

function remember(key: string, result: ReplyResult | MarkAddressedResult): void {
  firstResults.set(key, result);
  if (firstResults.size > MAX_REMEMBERED_RESULTS) firstResults.delete(firstResults.keys().next().value as string);
}

function readyFile(comments: CommentStore, docKey: string): CommentFile {
  const snapshot = comments.snapshot(docKey);
  if (snapshot?.status !== 'ready') {
    throw new DomainErrorException(journalUnavailable(`The comments of this document cannot be read${snapshot?.problem ? ` (${snapshot.problem})` : ''}.`));
  }
  return snapshot.file;
}

/** Refusals that need no storage come first, checked on what the window shows; then again on the stored state. */
function checkedThread(file: CommentFile, commentId: string, expectedCommentGen: string, body?: string) {
  const checked = checkThreadCall(file, commentId, expectedCommentGen);
  if (!checked.ok) throw new DomainErrorException(checked.error);
  const refused = body === undefined ? null : checkReplyBody(checked.thread, body);
  if (refused) throw new DomainErrorException(refused);
  return checked.thread;
}

const genOf = (file: CommentFile, id: string): string => String(file.threads.find((t) => t.id === id)?.gen ?? '');

export function listComments(comments: CommentStore, docKey: string, cursor: string | undefined): CommentPage {
  const file = readyFile(comments, docKey);
  // oldest first; the stored order is creation order, the sort only guards hand-edited files
  const threads = file.threads.filter(isLive).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const result = paginate({ doc: docKey, generation: String(file.seq), threads }, cursor);
  if (!result.ok) throw new DomainErrorException(result.error);
  return result.page;
}

export async function replyAsAgent(
  comments: CommentStore,
  docKey: string,
  principal: Principal,
  args: { commentId: string; body: string; expectedCommentGen: string },
): Promise<ReplyResult> {
  const key = JSON.stringify([principal.connectionId, docKey, 'reply', args.commentId, args.expectedCommentGen, args.body]);
  const first = firstResults.get(key) as ReplyResult | undefined;
  if (first) return first;
  checkedThread(readyFile(comments, docKey), args.commentId, args.expectedCommentGen, args.body);
  const reply = { id: newReplyId(), author: 'ai' as const, client: principal.clientName.slice(0, MAX_CLIENT_NAME_CHARS), body: args.body, at: new Date().toISOString() };
  const stored = await comments.commit(docKey, (file) => {
    checkedThread(file, args.commentId, args.expectedCommentGen, args.body);
    return addReply(file, args.commentId, reply);
  });
  const result: ReplyResult = { comment: args.commentId, reply: reply.id, commentGen: genOf(stored, args.commentId), generation: String(stored.seq) };
  remember(key, result);
  return result;
}

export async function markAddressedAsAgent(
  comments: CommentStore,
  docKey: string,
  principal: Principal,
  args: { commentId: string; expectedCommentGen: string },
): Promise<MarkAddressedResult> {
  const key = JSON.stringify([principal.connectionId, docKey, 'mark_addressed', args.commentId, args.expectedCommentGen]);
  const first = firstResults.get(key) as MarkAddressedResult | undefined;
  if (first) return first;
  checkedThread(readyFile(comments, docKey), args.commentId, args.expectedCommentGen);
  const stored = await comments.commit(docKey, (file) => {
    checkedThread(file, args.commentId, args.expectedCommentGen);
    return setState(file, args.commentId, 'addressed');
  });
  const result: MarkAddressedResult = { comment: args.commentId, state: 'addressed', commentGen: genOf(stored, args.commentId), generation: String(stored.seq) };
  remember(key, result);
  return result;
}

import { staleComment, type DomainError } from '../../errors/domainError';
import { utf8ByteLength } from '../../tools/fragments';
import { decodeListCursor, encodeListCursor } from './listCursor';
import { PAGE_MAX_BYTES, PAGE_TARGET_BYTES } from './limits';
import type { CommentThread } from './types';
import { wireReply, wireThreadHead, type CommentPage, type WireThread } from './wireThread';

export interface PageInput {
  doc: string;
  generation: string;
  /** The live threads, oldest first. */
  threads: CommentThread[];
}

export interface PageBudget {
  target: number;
  max: number;
}

export type PageResult = { ok: true; page: CommentPage } | { ok: false; error: DomainError };

const jsonBytes = (value: unknown): number => utf8ByteLength(JSON.stringify(value));

/**
 * One page of comments.list. Threads go whole onto a page while it stays within the target; a
 * thread that cannot fit on an empty page is split between replies (repliesFrom / repliesTotal, later
 * parts `continued`). Only a page holding a single unit (a part header with one reply) exceeds the
 * target, and the limits keep that under the max. A thread header always travels with its first reply.
 */
export function paginate(input: PageInput, cursor: string | undefined, budget: PageBudget = { target: PAGE_TARGET_BYTES, max: PAGE_MAX_BYTES }): PageResult {
  let threadIndex = 0;
  let replyIndex = 0;
  if (cursor !== undefined) {
    const decoded = decodeListCursor(input.doc, cursor);
    if (!decoded.ok) {
      const why = decoded.reason === 'other-document' ? 'was issued for another document' : 'is not a cursor of comments.list';
      return { ok: false, error: staleComment(`This cursor ${why}; call comments.list again without a cursor.`) };
    }
    threadIndex = input.threads.findIndex((t) => t.id === decoded.position.thread);
    const thread = input.threads[threadIndex];
    if (!thread) return { ok: false, error: staleComment('The thread this cursor continues from was deleted; call comments.list again without a cursor.') };
    if (decoded.position.reply > thread.replies.length) return { ok: false, error: staleComment('This cursor does not fit the thread any more; call comments.list again without a cursor.') };
    replyIndex = decoded.position.reply;
  }

  const parts: WireThread[] = [];
  const longestId = Math.max(0, ...input.threads.map((t) => t.id.length));
  const cursorReserve = jsonBytes({ nextCursor: encodeListCursor(input.doc, { thread: 'x'.repeat(longestId), reply: 999_999 }) });
  const envelope = jsonBytes({ doc: input.doc, generation: input.generation, threads: [] }) + cursorReserve;
  let used = envelope;

  while (threadIndex < input.threads.length) {
    const thread = input.threads[threadIndex] as CommentThread;
    const unsent = thread.replies.length - replyIndex;
    const separator = parts.length > 0 ? 1 : 0;
    // a reply goes as JSON text when a page holding only it (and its part header) could carry that; else as Base64
    const firstHead = jsonBytes(wireThreadHead(thread, { from: 0, split: true }));
    const continuedHead = jsonBytes(wireThreadHead(thread, { from: Math.max(1, thread.replies.length), split: true }));
    const replies = thread.replies.slice(replyIndex).map((r, i) => {
      const plain = wireReply(r, false);
      const head = replyIndex + i === 0 ? firstHead : continuedHead;
      const wire = envelope + head + jsonBytes(plain) <= budget.max ? plain : wireReply(r, true);
      return { wire, bytes: jsonBytes(wire) };
    });
    const repliesBytes = (n: number) => replies.slice(0, n).reduce((sum, r) => sum + r.bytes, 0) + Math.max(0, n - 1);

    const wholeHead = wireThreadHead(thread, { from: replyIndex, split: replyIndex > 0 });
    const wholeBytes = jsonBytes(wholeHead) + repliesBytes(unsent);
    if (used + separator + wholeBytes <= budget.target) {
      parts.push({ ...wholeHead, replies: replies.map((r) => r.wire) });
      used += separator + wholeBytes;
      threadIndex++;
      replyIndex = 0;
      continue;
    }
    // it would fit on a page of its own: start one rather than split it
    if (parts.length > 0 && envelope + wholeBytes <= budget.target) break;

    const splitHead = wireThreadHead(thread, { from: replyIndex, split: true });
    const headBytes = jsonBytes(splitHead);
    let take = 0;
    while (take < unsent && used + separator + headBytes + repliesBytes(take + 1) <= budget.target) take++;
    // an empty page always carries one unit: the part header with one reply (the limits keep it under the max)
    if (parts.length === 0 && take === 0 && unsent > 0) take = 1;
    if (parts.length > 0 && take === 0) break;
    parts.push({ ...splitHead, replies: replies.slice(0, take).map((r) => r.wire) });
    replyIndex += take;
    if (replyIndex >= thread.replies.length) {
      threadIndex++;
      replyIndex = 0;
    }
    break;
  }

  const next = input.threads[threadIndex];
  const page: CommentPage = { doc: input.doc, generation: input.generation, threads: parts };
  return { ok: true, page: next ? { ...page, nextCursor: encodeListCursor(input.doc, { thread: next.id, reply: replyIndex }) } : page };
}

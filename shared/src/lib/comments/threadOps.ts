import type { CommentFile, CommentReply, CommentState, CommentThread, TextAnchor } from './types';

/**
 * Pure changes of one document's comments. Each change that alters a thread takes the next `seq`
 * as that thread's `gen`; a call that would change nothing returns the file as it was.
 */

function changeThread(file: CommentFile, id: string, change: (thread: CommentThread, seq: number) => CommentThread | null): CommentFile {
  const seq = file.seq + 1;
  let changed = false;
  const threads = file.threads.map((thread) => {
    if (thread.id !== id || thread.deletedAt !== undefined) return thread;
    const next = change(thread, seq);
    if (!next || next === thread) return thread;
    changed = true;
    return { ...next, gen: seq };
  });
  return changed ? { ...file, seq, threads } : file;
}

export function createThread(file: CommentFile, thread: { id: string; anchor: TextAnchor; opening: CommentReply }): CommentFile {
  const seq = file.seq + 1;
  const created: CommentThread = {
    id: thread.id,
    createdAt: thread.opening.at,
    state: 'open',
    gen: seq,
    anchor: thread.anchor,
    detached: false,
    replies: [thread.opening],
  };
  return { ...file, seq, threads: [...file.threads, created] };
}

export function addReply(file: CommentFile, id: string, reply: CommentReply): CommentFile {
  return changeThread(file, id, (thread) => (thread.replies.some((r) => r.id === reply.id) ? null : { ...thread, replies: [...thread.replies, reply] }));
}

/** The person's resolve and reopen, and the AI's mark addressed (which callers only allow on unresolved threads). */
export function setState(file: CommentFile, id: string, state: CommentState): CommentFile {
  return changeThread(file, id, (thread) => (thread.state === state ? null : { ...thread, state }));
}

/** Keeps a tombstone: the id stays known (STALE_COMMENT, and "deleted" in the history), the text goes. */
export function deleteThread(file: CommentFile, id: string, at: string): CommentFile {
  return changeThread(file, id, (thread) => ({ ...thread, replies: [], anchor: { quote: '', prefix: '', suffix: '', start: 0 }, detached: false, deletedAt: at }));
}

/**
 * A re-anchoring the editor worked out. Only a changed quote or a change between attached and
 * detached is a change of the thread; a moved offset or refreshed context is kept without one.
 */
export function setAnchor(file: CommentFile, id: string, anchor: TextAnchor, detached: boolean): CommentFile {
  const target = file.threads.find((t) => t.id === id && t.deletedAt === undefined);
  if (!target) return file;
  if (target.anchor.quote === anchor.quote && target.detached === detached) {
    // not a change of the thread: keep the fresher place without a new generation
    if (detached || (target.anchor.start === anchor.start && target.anchor.prefix === anchor.prefix && target.anchor.suffix === anchor.suffix)) return file;
    return { ...file, threads: file.threads.map((t) => (t === target ? { ...t, anchor } : t)) };
  }
  return changeThread(file, id, (thread) => ({ ...thread, anchor: detached ? thread.anchor : anchor, detached }));
}

export const emptyCommentFile = (doc: string): CommentFile => ({ version: 1, doc, seq: 0, threads: [] });

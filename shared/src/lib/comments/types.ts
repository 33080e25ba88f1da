export type CommentState = 'open' | 'addressed' | 'resolved' | 'reopened';
export const COMMENT_STATES: readonly CommentState[] = ['open', 'addressed', 'resolved', 'reopened'];

/** Where a thread sits in the document text: the quoted text plus some context on each side. */
export interface TextAnchor {
  quote: string;
  prefix: string;
  suffix: string;
  /** UTF-16 offset of the quote when last seen; only a hint for finding it again. */
  start: number;
}

export interface CommentReply {
  id: string;
  author: 'person' | 'ai';
  /** The AI client's name, for AI replies. */
  client?: string;
  body: string;
  /** ISO 8601 time. */
  at: string;
}

export interface CommentThread {
  id: string;
  createdAt: string;
  state: CommentState;
  /** The document sequence number of this thread's last change (its commentGen). */
  gen: number;
  anchor: TextAnchor;
  /** The quoted text is gone from the document; the thread stays, shown as detached. */
  detached: boolean;
  /** In order; the first is the person's comment that opened the thread. */
  replies: CommentReply[];
  /** Set when the person deleted the thread; the id stays known so late calls get STALE_COMMENT. */
  deletedAt?: string;
}

/** The stored form of one document's comments (the file format, see docs/comments.md). */
export interface CommentFile {
  version: 1;
  /** The document, relative to its workspace root (or the editor's document key). */
  doc: string;
  /** Counts every change of this document's comments; its string form is the list's `generation`. */
  seq: number;
  threads: CommentThread[];
}

export const isLive = (thread: CommentThread): boolean => thread.deletedAt === undefined;
/** Threads an edit may name in `addresses`: live and not resolved. */
export const isOpen = (thread: CommentThread): boolean => isLive(thread) && thread.state !== 'resolved';

import { base64Utf8 } from './base64Utf8';
import type { CommentReply, CommentState, CommentThread } from './types';

/** A message as comments.list sends it: its text in `body`, or in `bodyBase64` when JSON escaping cannot fit. */
export interface WireReply {
  id: string;
  author: 'person' | 'ai';
  client?: string;
  at: string;
  body?: string;
  bodyBase64?: string;
}

/** One thread, or one part of a thread split across pages. */
export interface WireThread {
  comment: string;
  state: CommentState;
  commentGen: string;
  /** On later parts of a split thread; they carry none of the thread details below. */
  continued?: true;
  quote?: string;
  detached?: boolean;
  createdAt?: string;
  /** On every part of a split thread: the index of this part's first reply, and how many there are. */
  repliesFrom?: number;
  repliesTotal?: number;
  replies: WireReply[];
}

export interface CommentPage {
  doc: string;
  generation: string;
  threads: WireThread[];
  nextCursor?: string;
}

export function wireReply(reply: CommentReply, asBase64: boolean): WireReply {
  const head = { id: reply.id, author: reply.author, ...(reply.client === undefined ? {} : { client: reply.client }), at: reply.at };
  return asBase64 ? { ...head, bodyBase64: base64Utf8(reply.body) } : { ...head, body: reply.body };
}

/** The part header (replies still empty): thread details on the first part, only the identity on later ones. */
export function wireThreadHead(thread: CommentThread, part: { from: number; split: boolean }): WireThread {
  const identity = { comment: thread.id, state: thread.state, commentGen: String(thread.gen) };
  const details = part.from > 0 ? { continued: true as const } : { quote: thread.anchor.quote, detached: thread.detached, createdAt: thread.createdAt };
  const split = part.split ? { repliesFrom: part.from, repliesTotal: thread.replies.length } : {};
  return { ...identity, ...details, ...split, replies: [] };
}

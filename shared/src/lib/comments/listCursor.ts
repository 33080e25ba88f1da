import { isCommentId } from './commentIds';

/** Where the next page of comments.list starts: a thread and the first reply not yet sent. */
export interface ListPosition {
  thread: string;
  reply: number;
}

/** FNV-1a, enough to tell documents apart in a cursor without carrying a long path in it. */
function docTag(doc: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < doc.length; i++) {
    hash ^= doc.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `c1.<doc tag>.<thread id>.<reply index>`: short, readable and tied to one document. */
export function encodeListCursor(doc: string, position: ListPosition): string {
  return `c1.${docTag(doc)}.${position.thread}.${position.reply}`;
}

export type DecodedCursor = { ok: true; position: ListPosition } | { ok: false; reason: 'malformed' | 'other-document' };

export function decodeListCursor(doc: string, cursor: string): DecodedCursor {
  const match = /^c1\.([0-9a-f]{8})\.([^.]+)\.(\d{1,6})$/.exec(cursor);
  if (!match || !isCommentId(match[2] as string)) return { ok: false, reason: 'malformed' };
  if (match[1] !== docTag(doc)) return { ok: false, reason: 'other-document' };
  return { ok: true, position: { thread: match[2] as string, reply: Number(match[3]) } };
}

import { isCommentId, isReplyId } from './commentIds';
import { COMMENT_FILE_VERSION } from './limits';
import { COMMENT_STATES, type CommentFile, type CommentReply, type CommentState, type CommentThread, type TextAnchor } from './types';

export type ParsedCommentFile = { ok: true; file: CommentFile } | { ok: false; reason: string };

class FormatError extends Error {}

const fail = (reason: string): never => {
  throw new FormatError(reason);
};
const record = (value: unknown, where: string): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail(`${where} is not an object`);
const text = (value: unknown, where: string): string => (typeof value === 'string' ? value : fail(`${where} is not a string`));
const count = (value: unknown, where: string): number => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail(`${where} is not a whole number`));

function readAnchor(value: unknown, where: string): TextAnchor {
  const a = record(value, where);
  return { quote: text(a.quote, `${where}.quote`), prefix: text(a.prefix, `${where}.prefix`), suffix: text(a.suffix, `${where}.suffix`), start: count(a.start, `${where}.start`) };
}

function readReply(value: unknown, where: string): CommentReply {
  const r = record(value, where);
  const id = text(r.id, `${where}.id`);
  if (!isReplyId(id)) fail(`${where}.id "${id}" is not a reply id`);
  if (r.author !== 'person' && r.author !== 'ai') fail(`${where}.author must be "person" or "ai"`);
  const reply: CommentReply = { id, author: r.author as CommentReply['author'], body: text(r.body, `${where}.body`), at: text(r.at, `${where}.at`) };
  return r.client === undefined ? reply : { ...reply, client: text(r.client, `${where}.client`) };
}

function readThread(value: unknown, where: string): CommentThread {
  const t = record(value, where);
  const id = text(t.id, `${where}.id`);
  if (!isCommentId(id)) fail(`${where}.id "${id}" is not a comment id`);
  const state = text(t.state, `${where}.state`) as CommentState;
  if (!COMMENT_STATES.includes(state)) fail(`${where}.state "${state}" is not one of ${COMMENT_STATES.join(', ')}`);
  if (!Array.isArray(t.replies)) fail(`${where}.replies is not a list`);
  const thread: CommentThread = {
    id,
    createdAt: text(t.createdAt, `${where}.createdAt`),
    state,
    gen: count(t.gen, `${where}.gen`),
    anchor: readAnchor(t.anchor, `${where}.anchor`),
    detached: t.detached === true,
    replies: (t.replies as unknown[]).map((r, i) => readReply(r, `${where}.replies[${i}]`)),
  };
  return t.deletedAt === undefined ? thread : { ...thread, deletedAt: text(t.deletedAt, `${where}.deletedAt`) };
}

/** Reads a stored comments file; anything unexpected is refused with a reason, never half read. */
export function parseCommentFile(json: string): ParsedCommentFile {
  try {
    const root = record(JSON.parse(json), 'the file');
    if (root.version !== COMMENT_FILE_VERSION) fail(`version ${String(root.version)} is not supported (this VMark reads version ${COMMENT_FILE_VERSION})`);
    if (!Array.isArray(root.threads)) fail('threads is not a list');
    const threads = (root.threads as unknown[]).map((t, i) => readThread(t, `threads[${i}]`));
    const ids = new Set(threads.map((t) => t.id));
    if (ids.size !== threads.length) fail('a thread id occurs twice');
    const seq = count(root.seq, 'seq');
    if (threads.some((t) => t.gen > seq)) fail('a thread gen is above seq');
    return { ok: true, file: { version: 1, doc: text(root.doc, 'doc'), seq, threads } };
  } catch (error) {
    if (error instanceof FormatError) return { ok: false, reason: error.message };
    return { ok: false, reason: `not JSON (${(error as Error).message})` };
  }
}

function orderedThread(t: CommentThread): CommentThread {
  const anchor = { quote: t.anchor.quote, prefix: t.anchor.prefix, suffix: t.anchor.suffix, start: t.anchor.start };
  const replies = t.replies.map((r) => ({ id: r.id, author: r.author, ...(r.client === undefined ? {} : { client: r.client }), at: r.at, body: r.body }));
  return { id: t.id, createdAt: t.createdAt, state: t.state, gen: t.gen, detached: t.detached, anchor, replies, ...(t.deletedAt === undefined ? {} : { deletedAt: t.deletedAt }) };
}

/** The stored text: fixed key order and two-space indentation, so the file diffs well and reads easily. */
export function serializeCommentFile(file: CommentFile): string {
  const ordered = { version: file.version, doc: file.doc, seq: file.seq, threads: file.threads.map(orderedThread) };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

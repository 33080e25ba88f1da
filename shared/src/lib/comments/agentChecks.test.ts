import { describe, expect, it } from 'vitest';
import { checkReplyBody, checkThreadCall } from './agentChecks';
import { MAX_BODY_CHARS, MAX_REPLIES_PER_THREAD, MAX_THREAD_CHARS } from './limits';
import { idOf, makeThread } from './testing/threads';
import { emptyCommentFile } from './threadOps';
import type { CommentFile } from './types';

const file = (): CommentFile => ({
  ...emptyCommentFile('notes.md'),
  seq: 20,
  threads: [makeThread(1, ['a']), makeThread(2, ['b'], { state: 'resolved' }), makeThread(3, [], { deletedAt: '2026-01-02T00:00:00.000Z' })],
});

describe('checkThreadCall', () => {
  it('CMT-GEN-03 a malformed id or one that is not a thread of this document is INVALID_COMMENT', () => {
    expect(checkThreadCall(file(), 'c1', '2')).toMatchObject({ ok: false, error: { error: 'INVALID_COMMENT' } });
    expect(checkThreadCall(file(), idOf('cmt', 99), '2')).toMatchObject({ ok: false, error: { error: 'INVALID_COMMENT' } });
  });

  it('CMT-GEN-02 a deleted thread or another commentGen is STALE_COMMENT', () => {
    expect(checkThreadCall(file(), idOf('cmt', 3), '4')).toMatchObject({ ok: false, error: { error: 'STALE_COMMENT' } });
    expect(checkThreadCall(file(), idOf('cmt', 1), '1')).toMatchObject({ ok: false, error: { error: 'STALE_COMMENT' } });
  });

  it('CMT-GEN-04 a resolved thread is COMMENT_NOT_ALLOWED', () => {
    expect(checkThreadCall(file(), idOf('cmt', 2), '3')).toMatchObject({ ok: false, error: { error: 'COMMENT_NOT_ALLOWED' } });
  });

  it('CMT-GEN-01 the current commentGen passes', () => {
    expect(checkThreadCall(file(), idOf('cmt', 1), '2')).toMatchObject({ ok: true, thread: { id: idOf('cmt', 1) } });
  });
});

describe('checkReplyBody', () => {
  const thread = makeThread(1, ['a']);

  it('CMT-GEN-05 refuses a body over the length limit, a full thread and a thread out of room with COMMENT_LIMIT', () => {
    expect(checkReplyBody(thread, 'x'.repeat(MAX_BODY_CHARS))).toBeNull();
    expect(checkReplyBody(thread, 'x'.repeat(MAX_BODY_CHARS + 1))).toMatchObject({ error: 'COMMENT_LIMIT' });
    const full = makeThread(2, Array.from({ length: MAX_REPLIES_PER_THREAD }, () => 'r'));
    expect(checkReplyBody(full, 'one more')).toMatchObject({ error: 'COMMENT_LIMIT' });
    const large = makeThread(3, Array.from({ length: MAX_THREAD_CHARS / MAX_BODY_CHARS }, () => 'y'.repeat(MAX_BODY_CHARS)));
    expect(checkReplyBody(large, 'z')).toMatchObject({ error: 'COMMENT_LIMIT' });
  });

  it('CMT-GEN-06 refuses a lone surrogate with INVALID_TEXT', () => {
    expect(checkReplyBody(thread, 'bad \ud800 text')).toMatchObject({ error: 'INVALID_TEXT' });
    expect(checkReplyBody(thread, 'fine 😀 text')).toBeNull();
  });
});

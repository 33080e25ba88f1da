import { describe, expect, it } from 'vitest';
import { idOf, makeThread } from './testing/threads';
import { addReply, createThread, deleteThread, emptyCommentFile, setAnchor, setState } from './threadOps';
import type { CommentFile } from './types';

const base = (): CommentFile => ({ ...emptyCommentFile('a.md'), seq: 5, threads: [makeThread(1, ['hi']), makeThread(2, ['there'])] });
const reply = { id: idOf('rpl', 77), author: 'ai' as const, client: 'x', body: 'done', at: '2026-01-01T00:00:00.000Z' };

describe('thread changes', () => {
  it('a change bumps seq and gives only that thread the new gen', () => {
    const next = addReply(base(), idOf('cmt', 1), reply);
    expect(next.seq).toBe(6);
    expect(next.threads[0]?.gen).toBe(6);
    expect(next.threads[0]?.replies.at(-1)).toEqual(reply);
    expect(next.threads[1]).toEqual(base().threads[1]);
  });

  it('a change that changes nothing returns the same file', () => {
    const once = addReply(base(), idOf('cmt', 1), reply);
    expect(addReply(once, idOf('cmt', 1), reply)).toBe(once);
    const open = base();
    expect(setState(open, idOf('cmt', 1), 'open')).toBe(open);
  });

  it('createThread appends with the next seq', () => {
    const next = createThread(base(), { id: idOf('cmt', 9), anchor: { quote: 'q', prefix: '', suffix: '', start: 0 }, opening: { ...reply, author: 'person' } });
    expect(next.threads.at(-1)).toMatchObject({ id: idOf('cmt', 9), state: 'open', gen: 6, detached: false });
  });

  it('delete keeps a tombstone without text; a deleted thread changes no more', () => {
    const deleted = deleteThread(base(), idOf('cmt', 1), '2026-02-01T00:00:00.000Z');
    expect(deleted.threads[0]).toMatchObject({ deletedAt: '2026-02-01T00:00:00.000Z', replies: [], gen: 6 });
    expect(setState(deleted, idOf('cmt', 1), 'resolved')).toBe(deleted);
  });

  it('setAnchor: a moved offset is kept without a new gen; a new quote or detaching is a change', () => {
    const file = base();
    const anchor = file.threads[0]?.anchor ?? { quote: '', prefix: '', suffix: '', start: 0 };
    const moved = setAnchor(file, idOf('cmt', 1), { ...anchor, start: 500 }, false);
    expect(moved.seq).toBe(5);
    expect(moved.threads[0]?.anchor.start).toBe(500);
    const requoted = setAnchor(file, idOf('cmt', 1), { ...anchor, quote: 'new words' }, false);
    expect(requoted.threads[0]).toMatchObject({ gen: 6, anchor: { quote: 'new words' } });
    const detached = setAnchor(file, idOf('cmt', 1), anchor, true);
    expect(detached.threads[0]).toMatchObject({ gen: 6, detached: true, anchor: { quote: anchor.quote } });
  });
});

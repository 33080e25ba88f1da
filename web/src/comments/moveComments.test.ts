import { describe, expect, test } from 'vitest';
import type { CommentFile, CommentThread } from '@vmark/shared/lib/comments/index';
import { mergeCommentFiles } from './moveComments';

const thread = (id: string): CommentThread => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  state: 'open',
  gen: 1,
  anchor: { quote: 'q', prefix: '', suffix: '', start: 0 },
  detached: false,
  replies: [{ id: `rpl-${id.slice(4)}`, author: 'person', body: 'b', at: '2026-01-01T00:00:00.000Z' }],
});

describe('mergeCommentFiles', () => {
  test('keeps every thread of both files once and counts one more change than either', () => {
    const into: CommentFile = { version: 1, doc: 'old.md', seq: 4, threads: [thread('cmt-aaaaaaaaaaaa')] };
    const from: CommentFile = { version: 1, doc: 'moved.md', seq: 9, threads: [thread('cmt-aaaaaaaaaaaa'), thread('cmt-bbbbbbbbbbbb')] };
    const merged = mergeCommentFiles(into, from, 'new.md');
    expect(merged.doc).toBe('new.md');
    expect(merged.seq).toBe(10);
    expect(merged.threads.map((t) => t.id)).toEqual(['cmt-aaaaaaaaaaaa', 'cmt-bbbbbbbbbbbb']);
  });
});

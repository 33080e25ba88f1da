import { describe, expect, it } from 'vitest';
import { parseCommentFile, serializeCommentFile } from './commentFile';
import { makeThread } from './testing/threads';
import type { CommentFile } from './types';

const sample: CommentFile = { version: 1, doc: 'docs/guide.md', seq: 9, threads: [makeThread(1, ['Please fix', 'Fixed it']), makeThread(2, [], { deletedAt: '2026-03-01T00:00:00.000Z' })] };

describe('comment file format', () => {
  it('round-trips, stays readable and starts with its version', () => {
    const text = serializeCommentFile(sample);
    expect(text.startsWith('{\n  "version": 1,\n  "doc": "docs/guide.md",\n  "seq": 9,')).toBe(true);
    expect(parseCommentFile(text)).toEqual({ ok: true, file: sample });
    expect(serializeCommentFile((parseCommentFile(text) as { file: CommentFile }).file)).toBe(text);
  });

  it('refuses another version, broken JSON and malformed threads with a reason', () => {
    expect(parseCommentFile(JSON.stringify({ ...sample, version: 2 }))).toMatchObject({ ok: false, reason: expect.stringContaining('version 2') });
    expect(parseCommentFile('{"version":1,')).toMatchObject({ ok: false, reason: expect.stringContaining('not JSON') });
    const badState = { ...sample, threads: [{ ...sample.threads[0], state: 'done' }] };
    expect(parseCommentFile(JSON.stringify(badState))).toMatchObject({ ok: false, reason: expect.stringContaining('threads[0].state') });
    const badId = { ...sample, threads: [{ ...sample.threads[0], id: 'c1' }] };
    expect(parseCommentFile(JSON.stringify(badId))).toMatchObject({ ok: false, reason: expect.stringContaining('not a comment id') });
    const twice = { ...sample, threads: [sample.threads[0], sample.threads[0]] };
    expect(parseCommentFile(JSON.stringify(twice))).toMatchObject({ ok: false, reason: 'a thread id occurs twice' });
  });
});

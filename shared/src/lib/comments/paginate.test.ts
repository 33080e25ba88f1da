import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../../tools/fragments';
import { base64Utf8 } from './base64Utf8';
import { MAX_BODY_CHARS, MAX_QUOTE_CHARS, PAGE_MAX_BYTES, PAGE_TARGET_BYTES } from './limits';
import { paginate, type PageInput } from './paginate';
import { makeThread } from './testing/threads';
import type { CommentThread } from './types';
import type { CommentPage, WireReply } from './wireThread';

const DOC = '/work/notes/review.md';

function listAll(input: PageInput, budget?: { target: number; max: number }): CommentPage[] {
  const pages: CommentPage[] = [];
  let cursor: string | undefined;
  do {
    const result = paginate(input, cursor, budget);
    if (!result.ok) throw new Error(result.error.error);
    pages.push(result.page);
    cursor = result.page.nextCursor;
    if (pages.length > 10_000) throw new Error('no progress');
  } while (cursor);
  return pages;
}

/** Every reply of every thread, reassembled from the pages (decoding Base64 bodies). */
function reassemble(pages: CommentPage[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const page of pages) {
    for (const part of page.threads) {
      const bodies = out.get(part.comment) ?? [];
      if (part.continued) expect(part.repliesFrom).toBe(bodies.length);
      else expect(out.has(part.comment)).toBe(false);
      bodies.push(...part.replies.map(bodyOf));
      out.set(part.comment, bodies);
    }
  }
  return out;
}

function bodyOf(reply: WireReply): string {
  if (reply.body !== undefined) return reply.body;
  return decodeBase64Utf8(reply.bodyBase64 ?? '');
}

function decodeBase64Utf8(b64: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bytes: number[] = [];
  for (let i = 0; i < b64.length; i += 4) {
    const n = [0, 1, 2, 3].map((k) => (b64[i + k] === '=' ? 0 : alphabet.indexOf(b64[i + k] as string)));
    const triple = ((n[0] as number) << 18) | ((n[1] as number) << 12) | ((n[2] as number) << 6) | (n[3] as number);
    bytes.push((triple >> 16) & 255);
    if (b64[i + 2] !== '=') bytes.push((triple >> 8) & 255);
    if (b64[i + 3] !== '=') bytes.push(triple & 255);
  }
  return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
}

const pageBytes = (page: CommentPage) => utf8ByteLength(JSON.stringify(page));
const isSingleUnit = (page: CommentPage) => page.threads.length === 1 && (page.threads[0]?.replies.length ?? 0) <= 1;

function expectWithinBudget(pages: CommentPage[]) {
  for (const page of pages) {
    const bytes = pageBytes(page);
    expect(bytes).toBeLessThanOrEqual(PAGE_MAX_BYTES);
    if (!isSingleUnit(page)) expect(bytes).toBeLessThanOrEqual(PAGE_TARGET_BYTES);
  }
}

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('comments.list paging', () => {
  it('CMT-LIST-01 CMT-LIST-02 a short list is one page, oldest thread first, with id, state, commentGen, quote and replies', () => {
    const threads = [makeThread(1, ['first']), makeThread(2, ['second', 'answer'], { state: 'addressed' })];
    const result = paginate({ doc: DOC, generation: '7', threads }, undefined);
    expect(result).toEqual({
      ok: true,
      page: {
        doc: DOC,
        generation: '7',
        threads: [
          { comment: threads[0]?.id, state: 'open', commentGen: '2', quote: 'quoted text 1', detached: false, createdAt: threads[0]?.createdAt, replies: [expect.objectContaining({ author: 'person', body: 'first' })] },
          expect.objectContaining({ comment: threads[1]?.id, state: 'addressed', commentGen: '3', replies: [expect.objectContaining({ body: 'second' }), expect.objectContaining({ body: 'answer', author: 'ai', client: 'test-ai' })] }),
        ],
      },
    });
  });

  it('CMT-LIST-03 CMT-LIST-04 CMT-LIST-05 500 threads with long bodies arrive whole, in order, each page within budget', () => {
    const random = seeded(5);
    const threads: CommentThread[] = [];
    for (let n = 0; n < 500; n++) {
      const count = 1 + Math.floor(random() * (n % 50 === 0 ? 40 : 4));
      threads.push(makeThread(n, Array.from({ length: count }, (_, i) => `${n}/${i} ${'lorem ipsum 中文 '.repeat(Math.floor(random() * 300))}`)));
    }
    const pages = listAll({ doc: DOC, generation: '900', threads });
    expect(pages.length).toBeGreaterThan(10);
    expectWithinBudget(pages);
    const seen = reassemble(pages);
    expect([...seen.keys()]).toEqual(threads.map((t) => t.id));
    for (const thread of threads) expect(seen.get(thread.id)).toEqual(thread.replies.map((r) => r.body));
    const split = pages.flatMap((p) => p.threads).filter((t) => t.repliesTotal !== undefined);
    expect(split.length).toBeGreaterThan(0);
    for (const part of split.filter((t) => t.continued)) {
      expect(Object.keys(part).sort()).toEqual(['comment', 'commentGen', 'continued', 'replies', 'repliesFrom', 'repliesTotal', 'state']);
    }
  });

  it('a thread that fits an empty page is not split but moved to the next page', () => {
    const threads = [makeThread(1, ['a'.repeat(12_000)]), makeThread(2, ['b'.repeat(9_000)])];
    const pages = listAll({ doc: DOC, generation: '1', threads });
    expect(pages).toHaveLength(2);
    expect(pages.flatMap((p) => p.threads).every((t) => t.repliesTotal === undefined)).toBe(true);
  });

  it('CMT-LIST-06 only heavily escaped text goes as bodyBase64; normal and CJK text stay JSON', () => {
    const escaped = '\u0001'.repeat(MAX_BODY_CHARS);
    const cjk = '漢'.repeat(MAX_BODY_CHARS);
    const quotes = '"'.repeat(MAX_BODY_CHARS);
    const threads = [makeThread(1, [escaped, cjk, quotes])];
    const pages = listAll({ doc: DOC, generation: '1', threads });
    const replies = pages.flatMap((p) => p.threads.flatMap((t) => t.replies));
    expect(replies[0]).toMatchObject({ bodyBase64: base64Utf8(escaped) });
    expect(replies[0]?.body).toBeUndefined();
    expect(replies[1]).toMatchObject({ body: cjk });
    expect(replies[2]).toMatchObject({ body: quotes });
    expectWithinBudget(pages);
  });

  it('the worst case of every limit still fits one page under the max', () => {
    const longPath = `/${'路'.repeat(1_300)}/${'径'.repeat(1_300)}.md`;
    const mixed = ('\u0001' + '漢'.repeat(4)).repeat(MAX_BODY_CHARS / 5);
    const quote = '\u0002'.repeat(MAX_QUOTE_CHARS);
    const threads = [makeThread(1, [mixed, '\u0001'.repeat(MAX_BODY_CHARS), '漢'.repeat(MAX_BODY_CHARS)], { anchor: { quote, prefix: '', suffix: '', start: 0 } })];
    const pages = listAll({ doc: longPath, generation: '1', threads });
    for (const page of pages) expect(pageBytes(page)).toBeLessThanOrEqual(PAGE_MAX_BYTES);
    expect(reassemble(pages).get(threads[0]?.id as string)).toEqual(threads[0]?.replies.map((r) => r.body));
  });

  it('keeps every page whole for random threads and small budgets', () => {
    const random = seeded(11);
    for (let round = 0; round < 30; round++) {
      const threads = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, n) =>
        makeThread(n, Array.from({ length: 1 + Math.floor(random() * 8) }, () => 'x\n"é'.repeat(Math.floor(random() * 200)))),
      );
      const budget = { target: 1_500 + Math.floor(random() * 2_000), max: 60_000 };
      const pages = listAll({ doc: DOC, generation: '1', threads }, budget);
      for (const page of pages) if (!isSingleUnit(page)) expect(pageBytes(page)).toBeLessThanOrEqual(budget.target);
      const seen = reassemble(pages);
      for (const thread of threads) expect(seen.get(thread.id)).toEqual(thread.replies.map((r) => r.body));
    }
  });

  it('CMT-LIST-07 a cursor of a deleted thread, of another document, or a made-up one is refused with STALE_COMMENT', () => {
    const threads = Array.from({ length: 5 }, (_, n) => makeThread(n, ['y'.repeat(8_000)]));
    const first = paginate({ doc: DOC, generation: '1', threads }, undefined);
    if (!first.ok) throw new Error('first page refused');
    const cursor = first.page.nextCursor as string;
    const continuedId = cursor.split('.')[2];
    const withoutIt = threads.filter((t) => t.id !== continuedId);
    expect(paginate({ doc: DOC, generation: '2', threads: withoutIt }, cursor)).toMatchObject({ ok: false, error: { error: 'STALE_COMMENT' } });
    expect(paginate({ doc: '/work/notes/other.md', generation: '1', threads }, cursor)).toMatchObject({ ok: false, error: { error: 'STALE_COMMENT' } });
    expect(paginate({ doc: DOC, generation: '1', threads }, 'not-a-cursor')).toMatchObject({ ok: false, error: { error: 'STALE_COMMENT' } });
    expect(paginate({ doc: DOC, generation: '1', threads }, cursor)).toMatchObject({ ok: true });
  });

  it('an empty list is one page without nextCursor', () => {
    expect(paginate({ doc: DOC, generation: '0', threads: [] }, undefined)).toEqual({ ok: true, page: { doc: DOC, generation: '0', threads: [] } });
  });
});

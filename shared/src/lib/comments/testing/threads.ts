import type { CommentReply, CommentThread } from '../types';

/** Deterministic ids and threads for the unit tests of this folder. */
export const idOf = (prefix: 'cmt' | 'rpl', n: number): string => `${prefix}-${String(n).padStart(12, '0')}`;

export function makeThread(n: number, bodies: string[], overrides: Partial<CommentThread> = {}): CommentThread {
  const replies: CommentReply[] = bodies.map((body, i) => ({
    id: idOf('rpl', n * 1000 + i),
    author: i === 0 ? 'person' : 'ai',
    ...(i === 0 ? {} : { client: 'test-ai' }),
    body,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, n, i)).toISOString(),
  }));
  return {
    id: idOf('cmt', n),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    state: 'open',
    gen: n + 1,
    anchor: { quote: `quoted text ${n}`, prefix: 'before ', suffix: ' after', start: n * 10 },
    detached: false,
    replies,
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { commentsTool } from './comments';
import { parseToolCall } from './mcpSchema';

describe('comments', () => {
  it('CMT-01 resolve, reopen and delete are refused before reaching VMark', () => {
    for (const action of ['resolve', 'reopen', 'delete']) {
      const result = parseToolCall(commentsTool, { action, commentId: 'c1' });
      expect(result).toEqual({
        ok: false,
        message: `comments: action \`${action}\` does not exist; valid actions: list, reply, mark_addressed. Resolving, reopening and deleting comments is the person's decision.`,
      });
    }
  });

  it('CMT-GEN-01 reply and mark_addressed require expectedCommentGen', () => {
    expect(parseToolCall(commentsTool, { action: 'reply', commentId: 'c1', body: 'Done.' }).ok).toBe(false);
    expect(parseToolCall(commentsTool, { action: 'mark_addressed', commentId: 'c1' }).ok).toBe(false);
    expect(parseToolCall(commentsTool, { action: 'reply', commentId: 'c1', body: 'Done.', expectedCommentGen: 'g3' }).ok).toBe(true);
  });

  it('CMT-LIST-03 list takes an optional cursor', () => {
    expect(parseToolCall(commentsTool, { action: 'list' }).ok).toBe(true);
    expect(parseToolCall(commentsTool, { action: 'list', cursor: 'next-1' }).ok).toBe(true);
  });
});

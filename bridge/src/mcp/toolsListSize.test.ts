import { OFFERED_ACTIONS, mcpToolList } from '@vmark/shared';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';

describe('tools/list size', () => {
  it('the listing of the offered tools stays within 6,000 o200k tokens', () => {
    const tokens = encode(JSON.stringify({ tools: mcpToolList(OFFERED_ACTIONS) })).length;
    expect(tokens).toBeLessThanOrEqual(6_000);
  });
});

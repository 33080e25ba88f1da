import { describe, expect, it } from 'vitest';
import { newRevision, newTabId, randomBase62 } from './randomId';

describe('ids', () => {
  it('revision tokens are rev- + 8 base62 and do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const rev = newRevision();
      expect(rev).toMatch(/^rev-[0-9A-Za-z]{8}$/);
      seen.add(rev);
    }
    expect(seen.size).toBe(2000);
  });

  it('uses every base62 character', () => {
    expect(new Set(randomBase62(20_000)).size).toBe(62);
    expect(newTabId()).toMatch(/^tab-[0-9A-Za-z]{8}$/);
  });
});

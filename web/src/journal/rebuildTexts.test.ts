import { describe, expect, it } from 'vitest';
import type { StoredJournalEntry } from './db';
import { rebuildTexts } from './rebuildTexts';

const base = { docKey: '/w/a.md', tabId: 't', tool: 'selection', action: 'set', client: 'c', connectionId: 'x', addresses: [], reviewed: false, at: 0 };
const entry = (id: string, seq: number, rest: Partial<StoredJournalEntry>): StoredJournalEntry => ({
  ...base,
  id,
  seq,
  revisionBefore: `r${seq}`,
  revisionAfter: `r${seq + 1}`,
  state: 'applied',
  ...rest,
});

describe('rebuildTexts', () => {
  it('rebuilds both texts of entries that follow each other from one stored text and their changes', async () => {
    const texts: Record<string, string> = { e1: 'Hello world\n' };
    const entries = [
      entry('e1', 1, { before: { textId: 'e1' }, chain: 0, change: { from: 6, to: 11, insert: 'there' } }),
      entry('e2', 2, { before: { afterEntry: 'e1' }, chain: 1, change: { from: 0, to: 0, insert: '# ' } }),
      entry('e3', 3, { before: { afterEntry: 'e2' }, chain: 2, change: null, state: 'recorded', revisionAfter: null }),
    ];
    const rebuilt = await rebuildTexts(entries, async (id) => texts[id]);
    expect(rebuilt.map((e) => [e.id, e.contentBefore, e.contentAfter])).toEqual([
      ['e1', 'Hello world\n', 'Hello there\n'],
      ['e2', 'Hello there\n', '# Hello there\n'],
      ['e3', '# Hello there\n', null],
    ]);
  });

  it('reads entries written with both texts inline as they are', async () => {
    const legacy = entry('old', 1, { contentBefore: 'a', contentAfter: 'b' });
    expect((await rebuildTexts([legacy], async () => undefined)).map((e) => [e.contentBefore, e.contentAfter])).toEqual([['a', 'b']]);
  });

  it('says which entry lost the text it depends on instead of inventing one', async () => {
    await expect(rebuildTexts([entry('e9', 9, { before: { textId: 'gone' }, change: null })], async () => undefined)).rejects.toThrow(/e9/);
  });
});

import { describe, expect, it } from 'vitest';
import { MetaCache } from './metaCache';

describe('MetaCache: what status asks of .vmark/ is remembered while the watch stands', () => {
  const counting = () => {
    let looks = 0;
    return { look: async () => ++looks, looks: () => looks };
  };

  it('remembers a look until its path, a path under it, or a folder above it is forgotten', async () => {
    const cache = new MetaCache(() => true);
    const size = counting();
    const list = counting();
    await cache.remember('size', '.vmark/ledger/a.jsonl', size.look);
    await cache.remember('size', '.vmark/ledger/a.jsonl', size.look);
    await cache.remember('list', '.vmark/ledger', list.look);
    expect([size.looks(), list.looks()]).toEqual([1, 1]);
    cache.forget('.vmark/ledger/b.jsonl'); // a new segment: the folder's listing changed, a's size did not
    await cache.remember('size', '.vmark/ledger/a.jsonl', size.look);
    await cache.remember('list', '.vmark/ledger', list.look);
    expect([size.looks(), list.looks()]).toEqual([1, 2]);
    cache.forget('.vmark/ledger'); // the folder itself: everything under it
    await cache.remember('size', '.vmark/ledger/a.jsonl', size.look);
    expect(size.looks()).toBe(2);
    cache.forget();
    await cache.remember('size', '.vmark/ledger/a.jsonl', size.look);
    expect(size.looks()).toBe(3);
  });

  it('remembers nothing without the watch, outside .vmark/ or in its cache folder, nor a look a change overtook', async () => {
    let watching = false;
    const cache = new MetaCache(() => watching);
    const c = counting();
    await cache.remember('size', '.vmark/ledger/a.jsonl', c.look);
    await cache.remember('size', '.vmark/ledger/a.jsonl', c.look);
    expect(c.looks()).toBe(2);
    watching = true;
    await cache.remember('size', 'notes.md', c.look);
    await cache.remember('size', 'notes.md', c.look);
    await cache.remember('size', '.vmark/cache/scan.json', c.look);
    await cache.remember('size', '.vmark/cache/scan.json', c.look);
    expect(c.looks()).toBe(6);
    const slow = cache.remember('size', '.vmark/x', async () => {
      cache.forget('.vmark/x'); // the file changed while it was being looked at
      return 1;
    });
    await slow;
    await cache.remember('size', '.vmark/x', c.look);
    expect(c.looks()).toBe(7);
  });

  it("an append this storage made: its size is remembered, and its folder's listing kept only when it holds the file already", async () => {
    const cache = new MetaCache(() => true);
    const looks = counting();
    await cache.remember('list', '.vmark/ledger', async () => ['a.jsonl']);
    await cache.remember('dir', '.vmark/ledger', async () => true);
    cache.appended('.vmark/ledger/a.jsonl', 42);
    expect(await cache.remember('size', '.vmark/ledger/a.jsonl', looks.look)).toBe(42);
    expect(await cache.remember('list', '.vmark/ledger', looks.look)).toEqual(['a.jsonl']);
    expect(await cache.remember('dir', '.vmark/ledger', looks.look)).toBe(true);
    expect(looks.looks()).toBe(0);
    // a new segment: the listing is looked at again
    cache.appended('.vmark/ledger/b.jsonl', 7);
    expect(await cache.remember('list', '.vmark/ledger', looks.look)).toBe(1);
    expect(await cache.remember('dir', '.vmark/ledger', looks.look)).toBe(true);
  });

  it('a path only written to (its watch record says modified) forgets itself and what is under it, not its folders\' listings (issue 14)', async () => {
    const cache = new MetaCache(() => true);
    const size = counting();
    const list = counting();
    const folder = counting();
    const look = async () => {
      await cache.remember('size', '.vmark/ledger/a.jsonl', size.look);
      await cache.remember('list', '.vmark/ledger', list.look);
      await cache.remember('dir', '.vmark', folder.look);
    };
    await look();
    cache.written('.vmark/ledger/a.jsonl');
    await look();
    expect([size.looks(), list.looks(), folder.looks()]).toEqual([2, 1, 1]);
    cache.written('.vmark/ledger');
    await look();
    expect([size.looks(), list.looks(), folder.looks()]).toEqual([3, 2, 1]);
  });
});

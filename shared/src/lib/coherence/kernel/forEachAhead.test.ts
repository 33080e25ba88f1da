import { describe, expect, it } from 'vitest';
import { forEachAhead } from './forEachAhead';

/** Lets every promise that can settle do so. */
async function settled(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A start whose results the test releases one by one, recording how many ran at once. */
function gated() {
  const waiting = new Map<number, (value: string) => void>();
  let running = 0;
  let most = 0;
  const start = (n: number) =>
    new Promise<string>((resolve) => {
      running++;
      most = Math.max(most, running);
      waiting.set(n, (value) => {
        running--;
        resolve(value);
      });
    });
  return { waiting, start, most: () => most };
}

describe('forEachAhead', () => {
  it('starts up to `width` items ahead and hands the results over in order, whatever order they finish in', async () => {
    const gate = gated();
    const used: string[] = [];
    const done = forEachAhead([1, 2, 3, 4, 5], 3, gate.start, (n, text) => void used.push(`${n}:${text}`));
    await Promise.resolve();
    expect([...gate.waiting.keys()]).toEqual([1, 2, 3]);
    // the third finishes first: nothing is used before the first
    gate.waiting.get(3)?.('c');
    gate.waiting.get(2)?.('b');
    await settled();
    expect(used).toEqual([]);
    gate.waiting.get(1)?.('a');
    await settled();
    expect(used).toEqual(['1:a', '2:b', '3:c']);
    gate.waiting.get(4)?.('d');
    gate.waiting.get(5)?.('e');
    await done;
    expect(used).toEqual(['1:a', '2:b', '3:c', '4:d', '5:e']);
    expect(gate.most()).toBe(3);
  });

  it('items that need nothing started are used with null, in their place', async () => {
    const used: [number, string | null][] = [];
    await forEachAhead([1, 2, 3], 2, (n) => (n === 2 ? null : Promise.resolve(`r${n}`)), (n, r) => void used.push([n, r]));
    expect(used).toEqual([
      [1, 'r1'],
      [2, null],
      [3, 'r3'],
    ]);
  });

  it('a start that fails ahead of its turn throws at its turn, after the items before it were used', async () => {
    const used: number[] = [];
    const run = forEachAhead([1, 2, 3], 3, (n) => (n === 3 ? Promise.reject(new Error('unreadable')) : Promise.resolve(n)), (n) => void used.push(n));
    await expect(run).rejects.toThrow('unreadable');
    expect(used).toEqual([1, 2]);
  });
});

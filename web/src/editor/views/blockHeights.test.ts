import { expect, test } from 'vitest';
import { BlockHeights } from './blockHeights';

/** Blocks 30 px high with 10 px between them, from y = 0; `hidden` ones have the empty rectangle of `display: none`. */
function blocks(count: number, hidden: (index: number) => boolean = () => false): Element[] {
  return Array.from({ length: count }, (_, index) => {
    const top = index * 40;
    const rect = hidden(index) ? { top: 0, bottom: 0, height: 0, width: 0 } : { top, bottom: top + 30, height: 30, width: 500 };
    return { getBoundingClientRect: () => rect } as unknown as Element;
  });
}

test('the spacer of a hidden run is the gap below the block before it plus every hidden block\'s height and gap, as measured while laid out', () => {
  const heights = new BlockHeights();
  const children = blocks(100);
  heights.measure(children, [{ first: 1, last: 100 }]);
  // blocks 21..79 hidden: block 80 starts 40 px × 60 after block 20's top, i.e. 10 + 59 × 40 below its bottom
  expect(heights.spacer(children, { first: 21, last: 79 })).toBe(10 + 59 * 40);
});

test('the blocks in a range of the view are found from the sizes where they are out of layout', () => {
  const heights = new BlockHeights();
  heights.measure(blocks(100), [{ first: 1, last: 100 }]);
  const laidOutRuns = [{ first: 1, last: 10 }, { first: 91, last: 100 }];
  const children = blocks(100, (index) => index >= 10 && index < 90);
  expect(heights.childrenBetween(children, laidOutRuns, 2000, 2400)).toEqual({ first: 51, last: 60 });
  expect(heights.childrenBetween(children, laidOutRuns, 0, 100)).toEqual({ first: 1, last: 3 });
});

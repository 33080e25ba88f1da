import { expect, test } from 'vitest';
import { covers, hiddenRuns, offscreenRule, shownRuns } from './offscreenBlocks';

test('the shown runs are the ranges and the document edges, clipped and merged', () => {
  expect(shownRuns([{ first: -5, last: 90 }, { first: 400, last: 420 }, { first: 410, last: 430 }], 1000)).toEqual([
    { first: 1, last: 90 },
    { first: 400, last: 430 },
    { first: 991, last: 1000 },
  ]);
  expect(shownRuns([{ first: 950, last: 1100 }], 1000)).toEqual([{ first: 1, last: 10 }, { first: 950, last: 1000 }]);
  expect(hiddenRuns([{ first: 1, last: 90 }, { first: 400, last: 430 }, { first: 991, last: 1000 }])).toEqual([
    { first: 91, last: 399 },
    { first: 431, last: 990 },
  ]);
});

test('the rule takes every child outside the shown runs and the document edges out of layout, and puts a margin above the block after each hidden run', () => {
  const runs = [{ first: 1, last: 90 }, { first: 400, last: 420 }];
  expect(offscreenRule('[data-offscreen-blocks="3"]', runs, [{ hidden: { first: 91, last: 399 }, px: 8123.456 }])).toBe(
    '[data-offscreen-blocks="3"] > *:not(:nth-child(-n+10)):not(:nth-last-child(-n+10)):not(:nth-child(n+1):nth-child(-n+90)):not(:nth-child(n+400):nth-child(-n+420)) { display: none; }\n' +
      '[data-offscreen-blocks="3"] > :nth-child(400) { margin-top: 8123.5px !important; }',
  );
});

test('a shown range covers the blocks in view while it reaches the margin beyond them (or the document ends there)', () => {
  const range = { first: 100, last: 300 };
  expect(covers(range, 150, 250, 40, 1000)).toBe(true);
  expect(covers(range, 130, 250, 40, 1000)).toBe(false);
  expect(covers(range, 150, 280, 40, 1000)).toBe(false);
  expect(covers(range, 90, 120, 40, 1000)).toBe(false);
  expect(covers({ first: -20, last: 300 }, 2, 30, 40, 1000)).toBe(true);
  expect(covers({ first: 900, last: 1100 }, 950, 1000, 40, 1000)).toBe(true);
  expect(covers(null, 1, 2, 0, 10)).toBe(false);
});

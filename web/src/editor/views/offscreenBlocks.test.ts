import { expect, test } from 'vitest';
import { covers, offscreenRule } from './offscreenBlocks';

test('the rule hides every child outside the shown ranges and the document edges', () => {
  expect(offscreenRule('[data-offscreen-blocks="3"]', [{ first: -5, last: 90 }, { first: 400, last: 420 }])).toBe(
    '[data-offscreen-blocks="3"] > *:not(:nth-child(-n+10)):not(:nth-last-child(-n+10)):not(:nth-child(n+1):nth-child(-n+90)):not(:nth-child(n+400):nth-child(-n+420)) { content-visibility: hidden; }',
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

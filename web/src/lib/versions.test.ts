import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './versions';

describe('isNewerVersion', () => {
  it.each([
    ['1.7.12', '1.6.22', true],
    ['1.6.22', '1.6.22', false],
    ['1.6.3', '1.6.22', false],
    ['2.0', '1.99.99', true],
    ['1.6.22.1', '1.6.22', true],
    ['1.6', '1.6.0', false],
  ])('%s newer than %s: %s', (a, b, expected) => {
    expect(isNewerVersion(a, b)).toBe(expected);
  });
});

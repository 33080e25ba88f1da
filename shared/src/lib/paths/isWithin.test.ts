import { describe, expect, it } from 'vitest';
import { isWithin } from './isWithin';

describe('workspace path scope WSP-01 isWithin', () => {
  it.each([
    ['/a/b', '/a/b', true],
    ['/a/b', '/a/b/c.md', true],
    ['/a/b', '/a/b/c/d/e.md', true],
    ['/a/b/', '/a/b/c.md', true],
    ['/a/b', '/a/bc', false],
    ['/a/b', '/a/bc/d.md', false],
    ['/a/b', '/a', false],
    ['/a/b', '/a/b/../c.md', false],
    ['/a/b', '/a/b/x/../../b/y.md', true],
    ['/a/b', '/a/c/../b/y.md', true],
    ['/', '/anything/at/all', true],
    ['/a/b', 'a/b/c', false],
    ['a/b', '/a/b/c', false],
    ['/a/b', '/a/b/%2e%2e/x', false],
    ['/Users/zo\u00eb', '/Users/zoe\u0308/x.md', true],
    ['/Users/zoe\u0308', '/Users/zo\u00eb/x.md', true],
    ['/a/B', '/a/b/c', false],
    ['C:\\Users\\me', 'C:/Users/me/x.md', true],
    ['C:\\Users\\me', 'c:\\Users\\me\\x.md', true],
    ['C:\\Users\\me', 'D:\\Users\\me\\x.md', false],
    ['C:\\', 'C:\\x\\y.md', true],
    ['/C:/x', 'C:/x/y', false],
  ] as const)('isWithin(%j, %j) is %s', (root, path, expected) => {
    expect(isWithin(root, path)).toBe(expected);
  });

  it('compares case-insensitively only when asked', () => {
    expect(isWithin('/Work/Proj', '/work/proj/a.md')).toBe(false);
    expect(isWithin('/Work/Proj', '/work/proj/a.md', { caseInsensitive: true })).toBe(true);
    expect(isWithin('/Work/Proj', '/work/projX/a.md', { caseInsensitive: true })).toBe(false);
    expect(isWithin('C:/Users/Me', 'c:/users/me/A.md', { caseInsensitive: true })).toBe(true);
  });
});

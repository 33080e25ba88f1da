import { describe, expect, it } from 'vitest';
import { basename, dirname, joinPath, relativeSegments, titleOf } from './pathParts';

describe('path parts', () => {
  it('joins, splits and titles normalised paths', () => {
    expect(joinPath('/a', 'b.md')).toBe('/a/b.md');
    expect(joinPath('/', 'b.md')).toBe('/b.md');
    expect(dirname('/a/b.md')).toBe('/a');
    expect(dirname('/b.md')).toBe('/');
    expect(basename('/a/b.md')).toBe('b.md');
    expect(titleOf('/a/notes.md')).toBe('notes');
    expect(titleOf('/a/.env')).toBe('.env');
  });

  it('gives the entry names below a root by the one path rule, spelled as given', () => {
    expect(relativeSegments('/ws', '/ws/a/b.md')).toEqual(['a', 'b.md']);
    expect(relativeSegments('/ws', '/ws')).toEqual([]);
    expect(relativeSegments('/', '/a')).toEqual(['a']);
    expect(relativeSegments('/ws', '/wsx/a.md')).toBeNull();
    expect(relativeSegments('/ws', '/ws/../etc/passwd')).toBeNull();
    expect(relativeSegments('/ws', '/ws/%2e%2e/x')).toBeNull();
    expect(relativeSegments('/ws', '/ws/x/../cafe\u0301.md')).toEqual(['cafe\u0301.md']);
  });
});

import { describe, expect, it } from 'vitest';
import { findMergeKeys } from './mergeKeys';
import { workflowFixtures } from './testing/fixtures';

describe('findMergeKeys (GitHub Actions supports anchors and aliases, not "<<" merges)', () => {
  it('reports each plain << key by 1-based line and column', () => {
    const src = ['defaults: &d', '  timeout-minutes: 5', 'jobs:', '  a:', '    <<: *d', '    steps:', '      - <<: *d', '        run: x'].join('\n');
    expect(findMergeKeys(src)).toEqual([
      { line: 5, col: 5 },
      { line: 7, col: 9 },
    ]);
  });

  it('ignores a quoted "<<" key, which is an ordinary key', () => {
    expect(findMergeKeys('env:\n  "<<": x\n')).toEqual([]);
  });

  it('finds none in the real-world fixtures', () => {
    for (const { name, text } of workflowFixtures()) expect(findMergeKeys(text), name).toEqual([]);
  });
});

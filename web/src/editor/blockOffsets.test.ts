import { describe, expect, test, vi } from 'vitest';
import { WindowStore } from '../state/store';
import { createTab } from '../state/windowActions';
import { blockIndexAt, blockStart, blockStarts } from './blockOffsets';
import { parseTab } from './parsedDocs';

/** Texts handed to the markdown parser, counted around the real parser. */
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('./markdown/markdownProcessor', async (importOriginal) => {
  const real = await importOriginal<typeof import('./markdown/markdownProcessor')>();
  return {
    ...real,
    parseMdast: (source: string) => {
      parses.count++;
      return real.parseMdast(source);
    },
  };
});

const TEXT = '# Title\n\nFirst paragraph.\n\n- a\n- b\n\nLast.\n';

describe('the cursor block across a mode switch (issue 15: no whole parse per call)', () => {
  test('source → WYSIWYG parses the text once: the WYSIWYG renders from the parse that placed the cursor', () => {
    const store = new WindowStore();
    const tabId = createTab(store, { workspaceInstanceId: null, filePath: '/w/a.md', kind: 'markdown', content: TEXT }, { activate: true }).id;
    parses.count = 0;
    const starts = blockStarts(store, tabId, TEXT);
    expect(starts).toEqual([0, 9, 27, 36]);
    expect(blockIndexAt(starts, TEXT.indexOf('b\n'))).toBe(2);
    expect(blockStart(starts, 9)).toBe(36);
    parseTab(store, tabId, TEXT);
    blockStarts(store, tabId, TEXT);
    expect(parses.count).toBe(1);
  });
});

import { describe, expect, test } from 'vitest';
import { WindowStore } from '../state/store';
import { createTab, removeTab } from '../state/windowActions';
import { serializeMarkdown } from './markdown';
import { markdownSchema } from './schema';
import { keepParse, parseTab } from './parsedDocs';

const TEXT = '# Title\n\nSome *text*  \nand a [link][ref].\n\n[ref]: https://example.com\n';

function storeWithTab(content: string): { store: WindowStore; tabId: string } {
  const store = new WindowStore();
  const tabId = createTab(store, { workspaceInstanceId: null, filePath: '/w/a.md', kind: 'markdown', content }, { activate: true }).id;
  return { store, tabId };
}

describe('the parse kept per tab', () => {
  test('a tab shown again with the same text reuses its parse, which still writes the text back byte for byte', () => {
    const { store, tabId } = storeWithTab(TEXT);
    const first = parseTab(store, tabId, TEXT);
    const again = parseTab(store, tabId, TEXT);
    expect(again).toBe(first);
    expect(serializeMarkdown(markdownSchema().nodeFromJSON(again.doc), again)).toBe(TEXT);
  });

  test('a change of the tab text drops the parse: the next one parses the new text', () => {
    const { store, tabId } = storeWithTab(TEXT);
    const first = parseTab(store, tabId, TEXT);
    store.setContent(tabId, `${TEXT}more\n`);
    const next = parseTab(store, tabId, `${TEXT}more\n`);
    expect(next).not.toBe(first);
    expect(next.source).toBe(`${TEXT}more\n`);
    store.setContent(tabId, TEXT);
    expect(parseTab(store, tabId, TEXT)).not.toBe(first);
  });

  test('closing the tab releases its parse; a parse of text the tab does not hold is not kept', () => {
    const { store, tabId } = storeWithTab(TEXT);
    const first = parseTab(store, tabId, TEXT);
    const other = createTab(store, { workspaceInstanceId: null, filePath: '/w/b.md', kind: 'markdown', content: TEXT }, { activate: true }).id;
    keepParse(store, other, first);
    removeTab(store, tabId);
    expect(parseTab(store, tabId, TEXT)).not.toBe(first);
    expect(parseTab(store, other, TEXT)).toBe(first);
    const elsewhere = parseTab(store, other, 'not the tab text\n');
    expect(parseTab(store, other, 'not the tab text\n')).not.toBe(elsewhere);
  });
});

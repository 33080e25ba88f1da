import { describe, expect, test } from 'vitest';
import { WindowStore } from './store';
import { createTab, moveActiveTab, moveTab, togglePin } from './windowActions';

function storeWith(titles: string[]): { store: WindowStore; ids: Record<string, string> } {
  const store = new WindowStore();
  const ids: Record<string, string> = {};
  for (const title of titles) ids[title] = createTab(store, { workspaceInstanceId: null, filePath: `/w/${title}.md`, kind: 'markdown', content: '' }, { activate: true }).id;
  return { store, ids };
}

const titles = (store: WindowStore) => store.getSnapshot().tabs.map((t) => t.title);

describe('tab order', () => {
  test('a tab moves to the place of the tab it is dropped on', () => {
    const { store, ids } = storeWith(['a', 'b', 'c']);
    moveTab(store, ids.c as string, ids.a as string);
    expect(titles(store)).toEqual(['c', 'a', 'b']);
    moveTab(store, ids.c as string, ids.b as string);
    expect(titles(store)).toEqual(['a', 'b', 'c']);
  });

  test('pinning moves a tab after the pinned ones; unpinned tabs never pass a pinned one', () => {
    const { store, ids } = storeWith(['a', 'b', 'c']);
    togglePin(store, ids.c as string);
    expect(titles(store)).toEqual(['c', 'a', 'b']);
    moveTab(store, ids.b as string, ids.c as string);
    expect(titles(store)).toEqual(['c', 'b', 'a']);
    togglePin(store, ids.c as string);
    expect(titles(store)).toEqual(['c', 'b', 'a']);
  });

  test('the keyboard moves the active tab one place; at an end nothing changes', () => {
    const { store } = storeWith(['a', 'b', 'c']);
    moveActiveTab(store, 1);
    expect(titles(store)).toEqual(['a', 'b', 'c']);
    moveActiveTab(store, -1);
    expect(titles(store)).toEqual(['a', 'c', 'b']);
  });
});

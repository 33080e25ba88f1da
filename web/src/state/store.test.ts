import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowStore } from './store';
import { testTab } from './testTab';

function storeWithTab(): { store: WindowStore; tabId: string } {
  const store = new WindowStore();
  const tabId = 'tab-1';
  store.update((m) => ({
    ...m,
    tabs: [testTab({ id: tabId, title: 'Untitled-1', content: 'before', savedContent: 'before', revision: 'rev-1' })],
  }));
  return { store, tabId };
}

describe('WindowStore views (the UI) while an MCP call answers', () => {
  afterEach(() => vi.useRealTimers());

  it('tells the views of changes made while held once, at the release, and the other listeners at once', () => {
    const { store, tabId } = storeWithTab();
    const heard: string[] = [];
    store.subscribe(() => heard.push(`listener ${store.tab(tabId)?.content}`));
    store.subscribeView(() => heard.push(`view ${store.tab(tabId)?.content}`));
    store.holdViews();
    store.setContent(tabId, 'after');
    store.updateTab(tabId, (t) => ({ ...t, journalSeenAt: 1 }));
    expect(heard).toEqual(['listener after', 'listener after']);
    store.releaseViews();
    expect(heard).toEqual(['listener after', 'listener after', 'view after']);
    store.setContent(tabId, 'later');
    expect(heard.at(-1)).toBe('view later');
  });

  it('a release without a change tells the views nothing', () => {
    const { store } = storeWithTab();
    const view = vi.fn();
    store.subscribeView(view);
    store.holdViews();
    store.releaseViews();
    expect(view).not.toHaveBeenCalled();
  });

  it('a hold nobody releases ends by itself a task later: the UI never stays behind the model', () => {
    vi.useFakeTimers();
    const { store, tabId } = storeWithTab();
    const view = vi.fn();
    store.subscribeView(view);
    store.holdViews();
    store.setContent(tabId, 'after');
    expect(view).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(view).toHaveBeenCalledTimes(1);
  });
});

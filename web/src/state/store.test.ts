import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIEW_PACE_MS, WindowStore, type EditorAdapter } from './store';
import { catchUpOnInput } from './catchUpOnInput';
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

/** What runMutation, loadBehindAnswer and the connection do for a paced write to a shown editor; the editor's load is recorded in `heard`. */
const pacedWrite = (store: WindowStore, tabId: string, heard: string[]) => (text: string) => {
  store.holdViews();
  store.setContent(tabId, text);
  store.behindAnswer(() => heard.push(`editor ${text}`));
  store.answerPosted();
};

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

  it('an editor load behind the answer runs at the release, before the views hear; at once when nothing is held', () => {
    const { store, tabId } = storeWithTab();
    const heard: string[] = [];
    store.subscribeView(() => heard.push('view'));
    store.holdViews();
    store.setContent(tabId, 'after');
    store.behindAnswer(() => heard.push('editor'));
    expect(heard).toEqual([]);
    store.releaseViews();
    expect(heard).toEqual(['editor', 'view']);
    store.behindAnswer(() => heard.push('editor again'));
    expect(heard.at(-1)).toBe('editor again');
  });

  it('whoever reads the editor gets it caught up with the model; handing it a load or a flush does not', () => {
    const { store, tabId } = storeWithTab();
    const order: string[] = [];
    const editor = { mode: 'wysiwyg' } as EditorAdapter;
    store.registerEditor(tabId, editor);
    store.registerFlusher(tabId, () => order.push('hand-over'));
    store.holdViews();
    store.behindAnswer(() => order.push('editor load'));
    store.flush();
    expect(store.shownEditor(tabId)).toBe(editor);
    expect(order).toEqual(['hand-over']);
    expect(store.editor(tabId)).toBe(editor);
    expect(order).toEqual(['hand-over', 'editor load']);
  });

  it('an editor load that fails after the answer leaves the text in the model and tells the person', () => {
    const { store, tabId } = storeWithTab();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.holdViews();
    store.setContent(tabId, 'after');
    store.behindAnswer(() => {
      throw new Error('broken editor');
    });
    store.releaseViews();
    expect(store.tab(tabId)?.content).toBe('after');
    expect(store.getSnapshot().notices.map((n) => n.text)).toEqual([expect.stringContaining('the document holds it')]);
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

  it('DOC-WRITE-05 calls that follow each other within VIEW_PACE_MS are shown once, when the interval ends; the first after a quiet interval at once', () => {
    vi.useFakeTimers();
    const { store, tabId } = storeWithTab();
    const heard: string[] = [];
    store.subscribeView(() => heard.push(`view ${store.tab(tabId)?.content}`));
    const write = pacedWrite(store, tabId, heard);
    write('one');
    expect(heard).toEqual(['editor one', 'view one']);
    vi.advanceTimersByTime(10);
    write('two');
    vi.advanceTimersByTime(10);
    write('three');
    expect(heard).toEqual(['editor one', 'view one']);
    vi.advanceTimersByTime(VIEW_PACE_MS - 21);
    expect(heard).toHaveLength(2);
    vi.advanceTimersByTime(1);
    // the load of 'two' finds the model moved on and is skipped by its own check in the app; both run here
    expect(heard).toEqual(['editor one', 'view one', 'editor two', 'editor three', 'view three']);
    vi.advanceTimersByTime(VIEW_PACE_MS);
    write('four');
    expect(heard.slice(-2)).toEqual(['editor four', 'view four']);
  });

  it('an event of the person catches the held views and editor up before anything else hears it', () => {
    vi.useFakeTimers();
    const { store, tabId } = storeWithTab();
    const heard: string[] = [];
    store.subscribeView(() => heard.push('view'));
    const target = new EventTarget();
    const stop = catchUpOnInput(store, target as unknown as Window);
    target.addEventListener('keydown', () => heard.push('keydown'));
    const write = pacedWrite(store, tabId, heard);
    write('shown at once');
    write('held');
    expect(heard).toEqual(['editor shown at once', 'view']);
    target.dispatchEvent(new Event('keydown'));
    expect(heard).toEqual(['editor shown at once', 'view', 'editor held', 'view', 'keydown']);
    stop();
  });
});

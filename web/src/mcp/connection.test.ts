import type { CallOutcome, EditorToExtension, ExtensionToEditor } from '@vmark/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionConnection } from './connection';
import { WindowStore, type EditorAdapter } from '../state/store';
import { createTab } from '../state/windowActions';
import { loadBehindAnswer } from './loadBehindAnswer';
import { windowReport } from './windowReport';

/** A WYSIWYG editor that does nothing: the tests replace what they watch. */
const shownEditor = (): EditorAdapter => ({
  mode: 'wysiwyg',
  loadContent: (text) => text,
  getSelection: () => ({ text: '', from: 0, to: 0 }),
  replaceSelection: () => ({ content: '', change: null }),
  isComposing: () => false,
  cursorBlock: () => 0,
  placeCursorInBlock: () => undefined,
});

/**
 * The runtime ports to the extension (externally_connectable), a new one for each connect as a
 * restarted worker gives: what the page posts on each, and the extension's side of the latest.
 */
function fakeExtension() {
  const posted: EditorToExtension[] = [];
  const postedByPort: EditorToExtension[][] = [];
  let onMessage: (m: ExtensionToEditor) => void = () => undefined;
  let onDisconnect: () => void = () => undefined;
  const connect = vi.fn(() => {
    const own: EditorToExtension[] = [];
    postedByPort.push(own);
    return {
      postMessage: (m: EditorToExtension) => {
        posted.push(m);
        own.push(m);
      },
      onMessage: { addListener: (l: typeof onMessage) => void (onMessage = l) },
      onDisconnect: { addListener: (l: typeof onDisconnect) => void (onDisconnect = l) },
    };
  });
  vi.stubGlobal('chrome', { runtime: { connect } });
  return { posted, postedByPort, connect, deliver: (m: ExtensionToEditor) => onMessage(m), disconnect: () => onDisconnect() };
}

describe('ExtensionConnection', () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('ERR-07 answers a call whose handler throws with the INTERNAL envelope, without the stack', async () => {
    const extension = fakeExtension();
    const connection = new ExtensionConnection(async () => {
      throw new Error('store is gone\n    at handle (http://127.0.0.1:5173/assets/index-abc.js:1:2)');
    });
    connection.connect();
    extension.deliver({ type: 'call', id: 'e1', tool: 'document', action: 'read', args: {}, principal: { connectionId: 'c', clientName: 'n' } });
    await vi.waitFor(() => expect(extension.posted.at(-1)).toMatchObject({ type: 'result', id: 'e1' }));
    const result = extension.posted.at(-1) as Extract<EditorToExtension, { type: 'result' }>;
    expect(result.outcome).toEqual({ kind: 'domain', error: { error: 'INTERNAL', message: expect.stringContaining('document.read failed unexpectedly: store is gone.') } });
    expect(JSON.stringify(result)).not.toContain('index-abc.js');
  });

  it('answers a call only to the worker that sent it: a restarted worker numbers its calls from e1 again', async () => {
    vi.useFakeTimers();
    const extension = fakeExtension();
    let finishWrite: (outcome: CallOutcome) => void = () => undefined;
    const connection = new ExtensionConnection(({ action }) =>
      action === 'write' ? new Promise<CallOutcome>((resolve) => (finishWrite = resolve)) : Promise.resolve({ kind: 'ok', data: { content: 'read' } }),
    );
    connection.connect();
    const principal = { connectionId: 'c', clientName: 'n' };
    extension.deliver({ type: 'call', id: 'e1', tool: 'document', action: 'write', args: { content: 'x' }, principal });
    // the worker is stopped while the write runs; the page reconnects and wakes a new one
    extension.disconnect();
    await vi.advanceTimersByTimeAsync(50);
    expect(extension.connect).toHaveBeenCalledTimes(2);
    finishWrite({ kind: 'ok', data: { applied: true, durable: true } });
    await vi.advanceTimersByTimeAsync(0);
    // the new worker's own e1 (a read) gets the read's answer, never the old write's
    expect(extension.postedByPort[1]!.filter((m) => m.type === 'result')).toEqual([]);
    extension.deliver({ type: 'call', id: 'e1', tool: 'document', action: 'read', args: {}, principal });
    await vi.advanceTimersByTimeAsync(0);
    expect(extension.postedByPort[1]!.filter((m) => m.type === 'result')).toEqual([{ type: 'result', id: 'e1', outcome: { kind: 'ok', data: { content: 'read' } } }]);
  });

  it('posts a write\'s answer before the UI hears of the change it made (the views are held until the answer is on its way)', async () => {
    const extension = fakeExtension();
    const store = new WindowStore();
    createTab(store, { workspaceInstanceId: null, filePath: null, kind: 'markdown', content: 'before' }, { activate: true });
    const tabId = store.getSnapshot().activeTabId as string;
    const postedWhenTheUiHeard: number[] = [];
    store.subscribeView(() => postedWhenTheUiHeard.push(extension.posted.filter((m) => m.type === 'result').length));
    const connection = new ExtensionConnection(async () => {
      // what runMutation does around apply
      store.holdViews();
      store.setContent(tabId, 'after');
      return { kind: 'ok', data: { applied: true } };
    });
    connection.onAnswered = () => store.releaseViews();
    connection.connect();
    extension.deliver({ type: 'call', id: 'e1', tool: 'document', action: 'write', args: { content: 'after' }, principal: { connectionId: 'c', clientName: 'n' } });
    await vi.waitFor(() => expect(postedWhenTheUiHeard).toEqual([1]));
  });

  it('DOC-WRITE-05 loads a write\'s text into the shown editor after its answer is posted and before the UI hears of it, in the same task', async () => {
    const extension = fakeExtension();
    const store = new WindowStore();
    createTab(store, { workspaceInstanceId: null, filePath: null, kind: 'markdown', content: 'before' }, { activate: true });
    const tabId = store.getSnapshot().activeTabId as string;
    const heard: string[] = [];
    const results = () => extension.posted.filter((m) => m.type === 'result').length;
    let taskEnded = false;
    setTimeout(() => (taskEnded = true), 0);
    const editor = { ...shownEditor(), loadContent: (text: string) => (heard.push(`editor ${text}, ${results()} posted${taskEnded ? ', a task later' : ''}`), text) };
    store.registerEditor(tabId, editor);
    store.subscribeView(() => heard.push(`view, ${results()} posted`));
    const connection = new ExtensionConnection(async () => {
      // what runMutation and document.write do around apply
      store.holdViews();
      loadBehindAnswer(store, tabId, 'after', editor);
      heard.push(`model ${store.tab(tabId)?.content}`);
      return { kind: 'ok', data: { applied: true } };
    });
    connection.onAnswered = () => store.releaseViews();
    connection.connect();
    extension.deliver({ type: 'call', id: 'e1', tool: 'document', action: 'write', args: { content: 'after' }, principal: { connectionId: 'c', clientName: 'n' } });
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(heard).toEqual(['model after', 'editor after, 1 posted', 'view, 1 posted']);
  });

  it('ends a host service request the moment the extension goes away, saying to retry', async () => {
    vi.useFakeTimers();
    const extension = fakeExtension();
    const connection = new ExtensionConnection(async () => ({ kind: 'text', text: 'unused' }));
    connection.connect();
    const listing = connection.service({ op: 'fs.list', path: '/w' });
    expect(extension.posted.at(-1)).toMatchObject({ type: 'service', request: { op: 'fs.list' } });
    extension.disconnect();
    await expect(listing).rejects.toMatchObject({ code: 'NO_HOST', message: 'the VMark extension restarted during fs.list; retry' });
  });

  it('delivers a service answer under its id, and times a silent one out after the editor\'s service hop', async () => {
    vi.useFakeTimers();
    const extension = fakeExtension();
    const connection = new ExtensionConnection(async () => ({ kind: 'text', text: 'unused' }));
    connection.connect();
    const answered = connection.service({ op: 'roots.list' });
    const silent = connection.service({ op: 'fs.stat', path: '/w/a.md' });
    const id = (extension.posted.find((m) => m.type === 'service') as { id: string }).id;
    extension.deliver({ type: 'serviceResult', id, ok: true, data: ['/w'] });
    await expect(answered).resolves.toEqual(['/w']);
    const timedOut = expect(silent).rejects.toMatchObject({ code: 'IO', message: 'fs.stat timed out after 30 s' });
    await vi.advanceTimersByTimeAsync(30_000);
    await timedOut;
  });
});

describe('ExtensionConnection: the window report it pushes (SES-GS-01, SES-GS-02)', () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  const principal = { connectionId: 'c', clientName: 'n' };

  /** A registered window over one store, pushing its report as main.tsx wires it. */
  function registeredWindow(handle: ConstructorParameters<typeof ExtensionConnection>[0] = async () => ({ kind: 'ok', data: {} })) {
    const extension = fakeExtension();
    const store = new WindowStore();
    const connection = new ExtensionConnection(handle);
    connection.windowReport = (label) => windowReport(store, label);
    store.subscribe(() => connection.reportChanged());
    connection.connect();
    extension.deliver({ type: 'registered', label: 'main' });
    const pushes = () => extension.posted.filter((m) => m.type === 'windowReport').map((m) => (m as Extract<EditorToExtension, { type: 'windowReport' }>).report);
    return { extension, store, connection, pushes };
  }

  const newTab = (store: WindowStore, content: string) =>
    createTab(store, { workspaceInstanceId: null, filePath: null, kind: 'markdown', content }, { activate: true });

  it('pushes the report when it registers, and again on a new port after the worker restarted', async () => {
    vi.useFakeTimers();
    const { extension, store, pushes } = registeredWindow();
    expect(pushes()).toEqual([windowReport(store, 'main')]);
    extension.disconnect();
    await vi.advanceTimersByTimeAsync(50);
    extension.deliver({ type: 'registered', label: 'main' });
    expect(extension.postedByPort[1]!.filter((m) => m.type === 'windowReport')).toEqual([{ type: 'windowReport', report: windowReport(store, 'main') }]);
    vi.useRealTimers();
  });

  it('pushes the changes of one task once, and nothing for a change the report does not show', async () => {
    const { store, pushes } = registeredWindow();
    const tab = newTab(store, 'one');
    store.setContent(tab.id, 'two');
    expect(pushes()).toHaveLength(1);
    await Promise.resolve();
    expect(pushes()).toHaveLength(2);
    expect(pushes().at(-1)).toEqual(windowReport(store, 'main'));
    expect(pushes().at(-1)?.tabs[0]).toMatchObject({ id: tab.id, dirty: true, revision: store.tab(tab.id)?.revision });
    store.notify('a notice is no part of the report');
    await Promise.resolve();
    expect(pushes()).toHaveLength(2);
  });

  it('SES-GS-01 posts what a call changed before the call\'s answer, so the caller\'s next session.get_state sees it', async () => {
    let store: WindowStore | undefined;
    const window = registeredWindow(async () => {
      newTab(store!, 'written');
      return { kind: 'ok', data: { applied: true } };
    });
    store = window.store;
    window.extension.deliver({ type: 'call', id: 'e1', tool: 'document', action: 'write', args: {}, principal });
    await vi.waitFor(() => expect(window.extension.posted.at(-1)).toMatchObject({ type: 'result', id: 'e1' }));
    const order = window.extension.posted.map((m) => m.type).filter((t) => t !== 'register');
    expect(order).toEqual(['windowReport', 'windowReport', 'result']);
    expect(window.pushes().at(-1)?.tabs).toHaveLength(1);
  });

  it('pushes nothing before it is registered: the extension has no window to keep it for', async () => {
    const extension = fakeExtension();
    const store = new WindowStore();
    const connection = new ExtensionConnection(async () => ({ kind: 'ok', data: {} }));
    connection.windowReport = (label) => windowReport(store, label);
    store.subscribe(() => connection.reportChanged());
    connection.connect();
    newTab(store, 'early');
    await Promise.resolve();
    expect(extension.posted.map((m) => m.type)).toEqual(['register']);
  });
});

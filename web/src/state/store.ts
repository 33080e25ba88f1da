import { newRevision } from '../lib/randomId';
import type { Tab, WindowModel } from './types';

type Listener = () => void;
type Flusher = () => void;

/**
 * The window's state: a plain immutable model behind a subscribe/getSnapshot pair
 * (React reads it with useSyncExternalStore; MCP handlers call the same methods).
 */
export class WindowStore {
  private model: WindowModel = {
    workspaces: [],
    activeWorkspaceInstanceId: null,
    workspaceBar: true,
    tabs: [],
    activeTabId: null,
    lastTabOfWorkspace: {},
  };
  private readonly listeners = new Set<Listener>();
  private readonly flushers = new Map<string, Flusher>();

  getSnapshot = (): WindowModel => this.model;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: (model: WindowModel) => WindowModel): void {
    const next = change(this.model);
    if (next === this.model) return;
    this.model = next;
    for (const listener of this.listeners) listener();
  }

  tab(id: string): Tab | undefined {
    return this.model.tabs.find((t) => t.id === id);
  }

  updateTab(id: string, change: (tab: Tab) => Tab): void {
    this.update((m) => ({ ...m, tabs: m.tabs.map((t) => (t.id === id ? change(t) : t)) }));
  }

  /** A real content change bumps the revision; setting identical text does not. */
  setContent(id: string, content: string): void {
    this.updateTab(id, (t) => (t.content === content ? t : { ...t, content, revision: newRevision() }));
  }

  /** Editors register how to push not-yet-serialised keystrokes into the model. */
  registerFlusher(tabId: string, flush: Flusher): () => void {
    this.flushers.set(tabId, flush);
    return () => {
      if (this.flushers.get(tabId) === flush) this.flushers.delete(tabId);
    };
  }

  /** Every MCP handler starts here, so keystrokes the editor has not handed over yet count. */
  flush(): void {
    for (const flush of this.flushers.values()) flush();
  }
}

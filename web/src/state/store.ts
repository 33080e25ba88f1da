import { newRevision } from '../lib/randomId';
import type { Tab, WindowModel } from './types';
import type { TextChange } from '../journal/db';
import type { SplicedPieces } from '../lib/splicedPieces';

type Listener = () => void;
type Flusher = () => void;

/** What the document holds after a change, with the replacement in its offsets when the editor knows it exactly. */
export interface EditedText {
  content: string;
  change: TextChange | null;
}

/** A live editor on a tab, as the MCP handlers need it (selection, undoable loads, composition). */
export interface EditorAdapter {
  mode: 'wysiwyg' | 'source';
  /** Replaces the whole document as one undoable step; returns the editor's serialisation of it. */
  loadContent(content: string): string;
  getSelection(): { text: string; from: number; to: number };
  /**
   * Replaces the selection (or inserts at the cursor); returns the new document text. `known`: the text
   * before, the change and the text after as the caller computed them; an editor that makes that change keeps `after`
   * itself, so the editor, the model and the unsaved buffer hold one string, not equal copies that
   * every later comparison would read whole (a 5 MB document: ~7 ms a call).
   */
  replaceSelection(content: string, known?: { before: string; change: TextChange; after: string }): EditedText;
  isComposing(): boolean;
  /** Scrolls to and places the cursor at a source offset (outline navigation). */
  reveal?(offset: number): void;
  /** The index of the top-level markdown block that holds the cursor (kept across a mode switch). */
  cursorBlock(): number;
  placeCursorInBlock(index: number): void;
  /** WYSIWYG: the cursor's line and column in the markdown, without writing or parsing the document. */
  cursorLineColumn?(): { line: number; column: number };
}

/**
 * While MCP calls that change documents follow each other this closely, the UI and the shown editor
 * catch up once per this interval instead of once per call: a 10 KB write costs the page ~3 ms, its
 * render and editor load ~8 ms more. The first call after a quiet interval is shown at once.
 */
export const VIEW_PACE_MS = 100;

/** A source editor still counts as composing this long after composition ends (seed: grace period). */
export const SOURCE_COMPOSITION_GRACE_MS = 500;

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
    notices: [],
  };
  private nextNotice = 0;
  private readonly listeners = new Set<Listener>();
  /** The UI's listeners (React): told after the others, and after an MCP answer while views are held. */
  private readonly views = new Set<Listener>();
  private viewsHeld = false;
  private viewsBehind = false;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the views or an editor last caught up with changes held for an answer (performance.now). */
  private lastCatchUp = -Infinity;
  /** Editor loads of text the model already holds, waiting for the answer to be posted: see `behindAnswer`. */
  private readonly editorLoads: Listener[] = [];
  private readonly flushers = new Map<string, Flusher>();
  private readonly editors = new Map<string, EditorAdapter>();
  private readonly selectionVersions = new Map<string, number>();
  private readonly spliced = new Map<string, SplicedPieces>();
  /** The cursor's block per tab while the tab switches between WYSIWYG and source. */
  readonly cursorHandOver = new Map<string, number>();

  getSnapshot = (): WindowModel => this.model;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The UI subscribes here (useSyncExternalStore): see `holdViews`. */
  subscribeView = (listener: Listener): (() => void) => {
    this.views.add(listener);
    return () => this.views.delete(listener);
  };

  update(change: (model: WindowModel) => WindowModel): void {
    const next = change(this.model);
    if (next === this.model) return;
    this.model = next;
    for (const listener of this.listeners) listener();
    if (this.viewsHeld) this.viewsBehind = true;
    else for (const view of this.views) view();
  }

  /**
   * An MCP call is about to change the model and then answer: the UI hears of the change once the
   * answer is posted (`answerPosted`), not before. React renders a change in a microtask queued when
   * it hears of it, which ran ahead of the answer (~4 ms of a 10 KB write). A call that awaits
   * something else first (a save) is released by the timer.
   * Handlers of the person's events read the store, not the rendered model, and every event of the
   * person that can reach the UI releases the views first (`catchUpOnInput.ts`).
   */
  holdViews(): void {
    if (this.viewsHeld) return;
    this.viewsHeld = true;
    this.releaseTimer = setTimeout(() => this.releaseViews(), Math.max(0, this.lastCatchUp + VIEW_PACE_MS - performance.now()));
  }

  /**
   * An MCP call's answer is posted. The views catch up now, unless they caught up with an earlier call
   * less than VIEW_PACE_MS ago: then the hold's timer releases them once for all the calls in between.
   */
  answerPosted(): void {
    if (performance.now() - this.lastCatchUp >= VIEW_PACE_MS) this.releaseViews();
  }

  releaseViews(): void {
    this.catchUpEditors();
    if (!this.viewsHeld) return;
    clearTimeout(this.releaseTimer);
    this.viewsHeld = false;
    if (!this.viewsBehind) return;
    this.viewsBehind = false;
    this.lastCatchUp = performance.now();
    for (const view of this.views) view();
  }

  /**
   * Loads the shown editor with text the model already holds when the views are released, before the
   * UI hears of the change, or at once when nothing is held. An MCP write's answer needs nothing from
   * the editor (it reproduces unedited markdown byte for byte), and loading 10 KB into it costs ~5 ms.
   * Whoever reads the editor gets it caught up (`editor`); a call that awaits anything between the
   * change and its answer calls `catchUpEditors` first.
   */
  behindAnswer(load: () => void): void {
    if (this.viewsHeld) this.editorLoads.push(load);
    else load();
  }

  /** Runs the editor loads `behindAnswer` holds; one that fails leaves the text in the model (and the journal), and says so. */
  catchUpEditors(): void {
    const loads = this.editorLoads.splice(0);
    if (loads.length > 0) this.lastCatchUp = performance.now();
    for (const load of loads) {
      try {
        load();
      } catch (error) {
        console.error('VMark: the editor could not load a change the document holds', error);
        this.notify('The editor could not show the latest change; the document holds it. Switch tabs to reload the editor.');
      }
    }
  }

  notify(text: string): void {
    const notice = { id: ++this.nextNotice, text };
    this.update((m) => ({ ...m, notices: [...m.notices.slice(-4), notice] }));
  }

  dismiss(id: number): void {
    this.update((m) => ({ ...m, notices: m.notices.filter((n) => n.id !== id) }));
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

  registerEditor(tabId: string, editor: EditorAdapter): () => void {
    this.editors.set(tabId, editor);
    return () => {
      if (this.editors.get(tabId) === editor) this.editors.delete(tabId);
    };
  }

  /** The tab's editor, caught up with the model: what it shows, its selection and its undo history are current. */
  editor(tabId: string): EditorAdapter | undefined {
    this.catchUpEditors();
    return this.editors.get(tabId);
  }

  /** The tab's editor as it is, maybe behind the model with a load held for an answer: only to hand it a load. */
  shownEditor(tabId: string): EditorAdapter | undefined {
    return this.editors.get(tabId);
  }

  isComposing(tabId: string): boolean {
    return this.editors.get(tabId)?.isComposing() ?? false;
  }

  /** Editors bump this whenever the person moves the selection, so an AI edit can notice. */
  bumpSelection(tabId: string): void {
    this.selectionVersions.set(tabId, (this.selectionVersions.get(tabId) ?? 0) + 1);
  }

  selectionVersion(tabId: string): number {
    return this.selectionVersions.get(tabId) ?? 0;
  }

  /** The pieces this window last spliced a tab's text from, while that text is still the tab's (see `splicedPieces.ts`). */
  splicedPieces(tabId: string, text: string): SplicedPieces | undefined {
    const kept = this.spliced.get(tabId);
    // the same string: V8 answers `===` from the pointer; another text of another length: from the lengths
    if (kept && kept.text === text) return kept;
    this.spliced.delete(tabId);
    return undefined;
  }

  keepSplicedPieces(tabId: string, pieces: SplicedPieces): void {
    if (this.model.tabs.some((tab) => tab.id === tabId)) this.spliced.set(tabId, pieces);
  }

  /** A closed tab's per-tab entries go with it; tab ids are never reused, so nothing else would remove them. */
  forgetTab(tabId: string): void {
    this.selectionVersions.delete(tabId);
    this.spliced.delete(tabId);
    this.cursorHandOver.delete(tabId);
  }

  /**
   * Every MCP handler starts here, so keystrokes the editor has not handed over yet count. An editor
   * behind the model has none: the person's events catch it up before they reach it.
   */
  flush(): void {
    for (const flush of this.flushers.values()) flush();
  }
}

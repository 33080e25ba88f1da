// Refs ("e1", "e2", …) live in a store on the isolated world's global object, so re-injecting the
// page bundle keeps them, while a new document (full navigation) starts from an empty world.
// A same-document navigation (path or query changed) starts a new generation: old refs lapse,
// and numbering continues, so a stale ref can never name a new element in the same document.

import { frameChain } from '../dom/frames';

const STORE_GLOBAL = '__vmarkRefStore';
// Dead WeakRefs are swept only occasionally; SPAs can churn through many elements.
const SWEEP_THRESHOLD = 20_000;

export interface RefStore {
  generation: number;
  documentKey: string;
  nextId: number;
  refByElement: WeakMap<Element, string>;
  elementByRef: Map<string, WeakRef<Element>>;
  /** What a read showed for a ref, so act can refuse a node that has since become something else. */
  identityByRef: Map<string, RefIdentity>;
}

export interface RefIdentity {
  role: string;
  name: string;
  nameLimit: number;
  fromContent: boolean;
}

type StoreHolder = { [STORE_GLOBAL]?: RefStore };

function documentKey(): string {
  const href = location.href;
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

function createStore(previous: RefStore | undefined): RefStore {
  return {
    generation: previous ? previous.generation + 1 : 1,
    documentKey: documentKey(),
    nextId: previous ? previous.nextId : 1,
    refByElement: new WeakMap(),
    elementByRef: new Map(),
    identityByRef: new Map(),
  };
}

/** The store for the current view; a changed URL (ignoring the fragment) resets it. */
export function currentRefStore(): RefStore {
  const holder = globalThis as unknown as StoreHolder;
  const store = holder[STORE_GLOBAL];
  if (store && store.documentKey === documentKey()) return store;
  const fresh = createStore(store);
  holder[STORE_GLOBAL] = fresh;
  return fresh;
}

/** Forgets every ref (the extension calls this when it sees a navigation the URL does not show). */
export function resetRefs(): { generation: number } {
  const holder = globalThis as unknown as StoreHolder;
  const fresh = createStore(holder[STORE_GLOBAL]);
  holder[STORE_GLOBAL] = fresh;
  return { generation: fresh.generation };
}

export function refFor(element: Element, store: RefStore = currentRefStore()): string {
  const existing = store.refByElement.get(element);
  if (existing) return existing;
  if (store.elementByRef.size >= SWEEP_THRESHOLD) sweepDeadRefs(store);
  const ref = `e${store.nextId++}`;
  store.refByElement.set(element, ref);
  store.elementByRef.set(ref, new WeakRef(element));
  return ref;
}

/** The element behind a ref of the current view, or null if unknown, collected, detached or in a frame that no longer shows its document. */
export function resolveRef(ref: string): Element | null {
  if (typeof ref !== 'string') return null;
  const element = currentRefStore().elementByRef.get(ref)?.deref();
  return element && element.isConnected && frameChain(element) !== null ? element : null;
}

export function rememberIdentity(ref: string, identity: RefIdentity, store: RefStore = currentRefStore()): void {
  store.identityByRef.set(ref, identity);
}

/** The role and name a read showed for this ref (none for refs handed out by act itself). */
export function identityOf(ref: string): RefIdentity | null {
  return currentRefStore().identityByRef.get(ref) ?? null;
}

export function refGeneration(): { generation: number } {
  return { generation: currentRefStore().generation };
}

function sweepDeadRefs(store: RefStore): void {
  for (const [ref, weak] of store.elementByRef) {
    if (!weak.deref()) {
      store.elementByRef.delete(ref);
      store.identityByRef.delete(ref);
    }
  }
}

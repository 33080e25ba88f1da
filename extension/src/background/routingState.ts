/**
 * Routing state lives in chrome.storage.session: the worker can be stopped at any time, and the
 * editor windows and the MRU order must survive that.
 */
interface RoutingState {
  /** Editor window label by browser tab id. */
  labels: Record<string, string>;
  /** Most recently used editor window first. */
  mru: string[];
  nextWindowNumber: number;
}

const KEY = 'routing';

async function load(): Promise<RoutingState> {
  const stored = (await chrome.storage.session.get(KEY))[KEY] as RoutingState | undefined;
  return stored ?? { labels: {}, mru: [], nextWindowNumber: 2 };
}

let queue: Promise<unknown> = Promise.resolve();

/** Serialises read-modify-write cycles within this worker instance. */
function update<T>(change: (state: RoutingState) => T): Promise<T> {
  const run = queue.then(async () => {
    const state = await load();
    const result = change(state);
    await chrome.storage.session.set({ [KEY]: state });
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The first window is `main`; later ones `window-2`, `window-3`… A page keeps its label across
 * reloads and worker restarts by asking for it again.
 */
export function assignLabel(browserTabId: number, wanted: string | null, liveLabels: Set<string>): Promise<string> {
  return update((state) => {
    const previous = state.labels[String(browserTabId)];
    let label = wanted ?? previous ?? null;
    if (!label || (liveLabels.has(label) && previous !== label && wanted !== label)) {
      label = liveLabels.has('main') ? `window-${state.nextWindowNumber++}` : 'main';
    }
    state.labels[String(browserTabId)] = label;
    state.mru = [label, ...state.mru.filter((l) => l !== label)];
    return label;
  });
}

export function markUsed(label: string): Promise<void> {
  return update((state) => {
    state.mru = [label, ...state.mru.filter((l) => l !== label)];
  });
}

export function forgetWindow(browserTabId: number): Promise<void> {
  return update((state) => {
    const label = state.labels[String(browserTabId)];
    delete state.labels[String(browserTabId)];
    if (label) state.mru = state.mru.filter((l) => l !== label);
  });
}

export async function mostRecentlyUsed(): Promise<string[]> {
  return (await load()).mru;
}

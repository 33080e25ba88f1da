/**
 * Which browser window has the focus and which tab is active in each, kept from the browser's own
 * events: session.get_state asks for every editor window on every call, and a `chrome.windows.get`
 * with its tabs cost the browser process and this worker more CPU than the editor page's report
 * (bench/roundtrip/probeHops.ts). A worker that starts knows nothing until it asks the browser once;
 * an answer that an event overtook while it was on its way is used for that call, not kept.
 */

/** undefined: not known in this worker yet; null: no browser window has the focus. */
let focusedWindowId: number | null | undefined;
/** Active tab by browser window, for the windows known in this worker. */
const activeTabs = new Map<number, number>();
/** Bumped on every event: a query that started before one is not kept. */
let events = 0;

const EVERY_WINDOW_TYPE: `${chrome.windows.WindowType}`[] = ['normal', 'popup', 'panel', 'app', 'devtools'];

/** Registered at the top level of the worker, as every listener is. */
export function registerWindowFocusListeners(): void {
  chrome.windows.onFocusChanged.addListener(
    (windowId) => {
      events++;
      focusedWindowId = windowId === chrome.windows.WINDOW_ID_NONE ? null : windowId;
    },
    // by default only normal and popup windows report: the focus going to another kind would go unnoticed
    { windowTypes: EVERY_WINDOW_TYPE },
  );
  chrome.tabs.onActivated.addListener(({ tabId, windowId }) => {
    events++;
    activeTabs.set(windowId, tabId);
  });
  chrome.windows.onRemoved.addListener((windowId) => {
    events++;
    activeTabs.delete(windowId);
    if (focusedWindowId === windowId) focusedWindowId = undefined;
  });
}

/** Whether the person looks at this tab: its window has the focus and it is that window's active tab. */
export async function isTabFocused(browserWindowId: number, browserTabId: number): Promise<boolean> {
  const active = activeTabs.get(browserWindowId);
  if (focusedWindowId !== undefined && active !== undefined) return focusedWindowId === browserWindowId && active === browserTabId;
  const startedAt = events;
  try {
    const browserWindow = await chrome.windows.get(browserWindowId, { populate: true });
    const activeTab = browserWindow.tabs?.find((tab) => tab.active)?.id;
    if (events === startedAt && activeTab !== undefined) {
      activeTabs.set(browserWindowId, activeTab);
      if (browserWindow.focused) focusedWindowId = browserWindowId;
      else if (focusedWindowId === browserWindowId || focusedWindowId === undefined) focusedWindowId = await lastFocused(startedAt);
    }
    return browserWindow.focused && activeTab === browserTabId;
  } catch {
    return false;
  }
}

/** The focused window as the browser says now, or undefined when an event overtook the question. */
async function lastFocused(startedAt: number): Promise<number | null | undefined> {
  const windows = await chrome.windows.getAll({ windowTypes: EVERY_WINDOW_TYPE });
  if (events !== startedAt) return focusedWindowId;
  return windows.find((w) => w.focused)?.id ?? null;
}

import { loadBrowserState, updateBrowserState } from '../state/browserState';
import type { Posture } from '../settings';
import { profileTab, type OpeningProfile } from './profileWindow';
import { syncNetworkRules } from '../tabs/networkRules';
import { openWindow } from '../tabs/openWindow';

/** AI windows (Sandbox, profile) are made one at a time; window events wait for the one being made. */
let windowsMade: Promise<unknown> = Promise.resolve();

function inWindowQueue<T>(work: () => Promise<T>): Promise<T> {
  const made = windowsMade.then(work);
  windowsMade = made.catch(() => undefined);
  return made;
}

/**
 * The Sandbox window: incognito when the person allowed VMark in incognito (chrome://extensions),
 * so its tabs use Chromium's off-the-record cookie store, apart from the person's jar and gone when
 * the last incognito window closes; a normal window otherwise, whose tabs send and keep no cookies
 * (networkRules.ts), as they do while a named profile holds the incognito store. Not focused, so
 * the person keeps typing where they were.
 */
async function sandboxTab(): Promise<chrome.tabs.Tab> {
  const { profileWindow, sandboxWindowId } = await loadBrowserState();
  // while a named profile holds the incognito store, other Sandbox tabs go cookie-less instead
  const incognito = (await chrome.extension.isAllowedIncognitoAccess()) && profileWindow === null;
  const existing = await openWindow(sandboxWindowId);
  if (existing?.id !== undefined && existing.incognito === incognito) {
    return chrome.tabs.create({ windowId: existing.id, url: 'about:blank', active: true });
  }
  const others = incognito ? (await chrome.windows.getAll()).filter((w) => w.incognito) : [];
  const created = await chrome.windows.create({ url: 'about:blank', focused: false, type: 'normal', incognito });
  await updateBrowserState((state) => {
    state.sandboxWindowId = created?.id ?? null;
    if (others.length > 0) state.incognitoShared = true;
  });
  const tab = created?.tabs?.[0];
  if (!tab) throw new Error('The Sandbox window opened without a tab');
  return tab;
}

const BLANK_SETTLE_LIMIT_MS = 2000;

/**
 * A new tab's own about:blank navigation is still running when tabs.create answers; a navigation
 * started before it commits is aborted by it (net::ERR_ABORTED, the tab left blank). So the AI's
 * navigation waits until the blank page has loaded.
 */
async function blankSettled(tab: chrome.tabs.Tab): Promise<chrome.tabs.Tab> {
  const deadline = Date.now() + BLANK_SETTLE_LIMIT_MS;
  let current = tab;
  while (Date.now() < deadline) {
    if (current.status === 'complete' && !current.pendingUrl && current.url === 'about:blank') return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
    current = await chrome.tabs.get(tab.id!);
  }
  return current;
}

/**
 * A fresh blank tab for an AI tab to be: in the Sandbox window (created on demand) or, for Shared
 * profile, in the person's last focused window. It starts blank so that its network rules are in
 * place before its first request.
 */
export async function createBlankAiTab(posture: Posture, profile: OpeningProfile | null = null): Promise<chrome.tabs.Tab> {
  return blankSettled(await createBlankTab(posture, profile));
}

async function createBlankTab(posture: Posture, profile: OpeningProfile | null): Promise<chrome.tabs.Tab> {
  if (profile !== null) return inWindowQueue(() => profileTab(profile));
  if (posture === 'sandbox') return inWindowQueue(sandboxTab);
  const windowId = await personsWindow();
  if (windowId === undefined) {
    const created = await chrome.windows.create({ url: 'about:blank', focused: false, type: 'normal', incognito: false });
    const tab = created?.tabs?.[0];
    if (!tab) throw new Error('The window opened without a tab');
    return tab;
  }
  return chrome.tabs.create({ windowId, url: 'about:blank', active: true });
}

/**
 * Where a Shared profile tab goes: the person's last focused window, or else another of theirs, as
 * long as it uses their cookies: never an incognito window (the Sandbox's or their own).
 */
async function personsWindow(): Promise<number | undefined> {
  const lastFocused = await chrome.windows.getLastFocused({ windowTypes: ['normal'] }).catch(() => null);
  if (lastFocused && !lastFocused.incognito) return lastFocused.id;
  return (await chrome.windows.getAll({ windowTypes: ['normal'] })).find((w) => !w.incognito)?.id;
}

/** An incognito window that is not the Sandbox's shares the off-the-record cookie store with it. */
export async function onWindowCreated(window: chrome.windows.Window): Promise<void> {
  if (!window.incognito) return;
  await windowsMade;
  const shared = await updateBrowserState((state) => {
    if (window.id === state.sandboxWindowId || window.id === state.profileWindow?.windowId) return false;
    const changed = !state.incognitoShared || state.profileWindow?.shared === false;
    state.incognitoShared = true;
    if (state.profileWindow) state.profileWindow.shared = true;
    return changed;
  });
  if (shared) await syncNetworkRules();
}

/** With the last incognito window gone, Chromium drops the off-the-record store: the next one starts clean. */
export async function onWindowClosed(windowId: number): Promise<void> {
  const incognitoLeft = (await chrome.windows.getAll()).some((w) => w.incognito && w.id !== windowId);
  const changed = await updateBrowserState((state) => {
    const before = state.incognitoShared;
    if (state.sandboxWindowId === windowId) state.sandboxWindowId = null;
    if (state.profileWindow?.windowId === windowId) state.profileWindow = null;
    if (!incognitoLeft) state.incognitoShared = false;
    return before !== state.incognitoShared;
  });
  if (changed) await syncNetworkRules();
}

import { textFailure, type CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import { SigninHostError } from '../signins/hostSignins';
import { loadBrowserState, updateBrowserState } from '../state/browserState';
import { openWindow } from '../tabs/openWindow';
import { cookieDetails, deleteSavedProfile, savedCookies, type SavedCookie } from './savedCookies';

/** A named profile about to open: its name and the cookies the host kept for it. */
export interface OpeningProfile {
  name: string;
  cookies: SavedCookie[];
}

/** The kept cookies of profile `name`, or the refusal saying why the host cannot give them (before any approval is spent). */
export async function openingProfile(name: string): Promise<OpeningProfile | CallOutcome> {
  try {
    return { name, cookies: await savedCookies(name) };
  } catch (error) {
    if (error instanceof SigninHostError && (error.code === 'KEYCHAIN_LOCKED' || error.code === 'KEYCHAIN_UNAVAILABLE')) {
      return refuse(error.code, `The profile "${name}" keeps its cookies in the OS keychain: ${error.message}`, { profile: name });
    }
    const message = error instanceof Error ? error.message : String(error);
    return textFailure(`The cookies of profile "${name}" cannot be read from the VMark host (${message}); check it with \`vmark doctor\`, then retry the same browser.open.`);
  }
}

/**
 * Why the incognito cookie store cannot hold profile `name` now, or null when it can. Chromium has
 * one such store for all incognito windows, so a profile needs it to itself: no Sandbox window, no
 * other profile, no incognito window of the person's.
 */
export async function profileStoreTaken(name: string): Promise<string | null> {
  const state = await loadBrowserState();
  const open = state.profileWindow && (await openWindow(state.profileWindow.windowId)) !== null ? state.profileWindow : null;
  if (open && open.name !== name) return `the profile "${open.name}" is open; close its tabs first`;
  if (open?.shared) return 'an incognito window of the user shares the incognito cookie store';
  if (open) return null;
  const incognito = (await chrome.windows.getAll()).filter((w) => w.incognito);
  if (incognito.some((w) => w.id === state.sandboxWindowId)) return 'your Sandbox tabs use the incognito cookie store; close them first';
  if (incognito.length > 0) return 'an incognito window of the user shares the incognito cookie store';
  return null;
}

async function storeOfTab(chromeTabId: number): Promise<string> {
  const store = (await chrome.cookies.getAllCookieStores()).find((s) => s.tabIds.includes(chromeTabId));
  if (!store) throw new Error('The profile window has no cookie store');
  return store.id;
}

/**
 * A blank tab in the window of `profile`: a new incognito window whose store first gets the
 * profile's saved cookies, or the open one of the same profile. Call through aiWindow's window
 * queue, after profileStoreTaken said yes.
 */
export async function profileTab(profile: OpeningProfile): Promise<chrome.tabs.Tab> {
  const { name } = profile;
  const { profileWindow } = await loadBrowserState();
  if (profileWindow?.name === name && (await openWindow(profileWindow.windowId)) !== null) {
    return chrome.tabs.create({ windowId: profileWindow.windowId, url: 'about:blank', active: true });
  }
  const created = await chrome.windows.create({ url: 'about:blank', focused: false, type: 'normal', incognito: true });
  const tab = created?.tabs?.[0];
  if (created?.id === undefined || tab?.id === undefined) throw new Error('The profile window opened without a tab');
  const storeId = await storeOfTab(tab.id);
  await updateBrowserState((state) => {
    state.profileWindow = { windowId: created.id!, name, storeId, shared: false };
  });
  const now = Date.now() / 1000;
  for (const cookie of profile.cookies) {
    const details = cookieDetails(cookie, storeId, now);
    if (details) await chrome.cookies.set(details).catch((error: unknown) => console.warn('VMark: a saved cookie was not restored', error));
  }
  return tab;
}

/**
 * The person forgets a profile: its window closes first (so no late save brings it back; saving
 * also checks that the window is still there), then its saved cookies go.
 */
export async function forgetProfile(name: string): Promise<void> {
  const { profileWindow } = await loadBrowserState();
  if (profileWindow?.name === name) await chrome.windows.remove(profileWindow.windowId).catch(() => undefined);
  await deleteSavedProfile(name);
}

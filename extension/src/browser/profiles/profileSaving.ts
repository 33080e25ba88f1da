import { loadBrowserState, onBrowserStateChange } from '../state/browserState';
import { openWindow } from '../tabs/openWindow';
import { storeCookies, toSaved } from './savedCookies';

const SAVE_DELAY_MS = 200;
let timer: ReturnType<typeof setTimeout> | null = null;

// The open profile's store id, in memory: every cookie change of the person's browsing comes here,
// and most must be turned away without a storage read.
let storeId: string | null | undefined;
onBrowserStateChange((state) => {
  storeId = state.profileWindow?.storeId ?? null;
});

async function openProfileStore(): Promise<string | null> {
  if (storeId === undefined) storeId = (await loadBrowserState()).profileWindow?.storeId ?? null;
  return storeId;
}

/**
 * Keeps the open profile's saved cookies current: every change in its store is saved shortly after
 * (so nothing waits for a close, when the store is already gone). Not while the store is shared
 * with an incognito window of the person's, and never once the window or its store has gone.
 */
export async function onCookieChanged(change: chrome.cookies.CookieChangeInfo): Promise<void> {
  if (change.cookie.storeId !== (await openProfileStore())) return;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void saveOpenProfile().catch((error: unknown) => console.warn('VMark: profile cookies not saved', error));
  }, SAVE_DELAY_MS);
}

/** Saves the open profile's cookies now (a sign-in just loaded into it persists with the profile). */
export async function saveOpenProfile(): Promise<void> {
  const { profileWindow } = await loadBrowserState();
  if (!profileWindow || profileWindow.shared) return;
  const windowOpen = (await openWindow(profileWindow.windowId)) !== null;
  const storeOpen = (await chrome.cookies.getAllCookieStores()).some((s) => s.id === profileWindow.storeId);
  if (!windowOpen || !storeOpen) return;
  const cookies = await chrome.cookies.getAll({ storeId: profileWindow.storeId });
  await storeCookies(profileWindow.name, cookies.map(toSaved));
}

import { loadBrowserState } from '../state/browserState';
import { storeCookies, toSaved } from './savedCookies';

const SAVE_DELAY_MS = 200;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Keeps the open profile's saved cookies current: every change in its store is saved shortly after
 * (so nothing waits for a close, when the store is already gone). Not while the store is shared
 * with an incognito window of the person's, and never once the window or its store has gone.
 */
export async function onCookieChanged(change: chrome.cookies.CookieChangeInfo): Promise<void> {
  const { profileWindow } = await loadBrowserState();
  if (!profileWindow || change.cookie.storeId !== profileWindow.storeId) return;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void saveOpenProfile().catch((error: unknown) => console.warn('VMark: profile cookies not saved', error));
  }, SAVE_DELAY_MS);
}

async function saveOpenProfile(): Promise<void> {
  const { profileWindow } = await loadBrowserState();
  if (!profileWindow || profileWindow.shared) return;
  const windowOpen = await chrome.windows.get(profileWindow.windowId).then(() => true, () => false);
  const storeOpen = (await chrome.cookies.getAllCookieStores()).some((s) => s.id === profileWindow.storeId);
  if (!windowOpen || !storeOpen) return;
  const cookies = await chrome.cookies.getAll({ storeId: profileWindow.storeId });
  await storeCookies(profileWindow.name, cookies.map(toSaved));
}

/**
 * The cookies of named profiles, kept by the extension (chrome.storage.local, on this machine only).
 * They go from here into an incognito cookie store and back; no tool result ever carries them.
 */
import type { SigninCookie } from '@vmark/shared';

/** A cookie as a profile keeps it: what chrome.cookies.set takes back (a session cookie too: that is where logins live). */
export type SavedCookie = Omit<SigninCookie, 'partitionKey'>;

const KEY = 'browserProfiles';

type Saved = Record<string, { cookies: SavedCookie[]; savedAt: number }>;

async function allSaved(): Promise<Saved> {
  return ((await chrome.storage.local.get(KEY))[KEY] as Saved | undefined) ?? {};
}

/** The saved profiles, for the person (popup): names, how many cookies, when last saved. Never the cookies. */
export async function savedProfiles(): Promise<{ name: string; cookies: number; savedAt: number }[]> {
  return Object.entries(await allSaved())
    .map(([name, saved]) => ({ name, cookies: saved.cookies.length, savedAt: saved.savedAt }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function deleteSavedProfile(profile: string): Promise<void> {
  const saved = await allSaved();
  delete saved[profile];
  await chrome.storage.local.set({ [KEY]: saved });
}

export async function savedCookies(profile: string): Promise<SavedCookie[]> {
  return (await allSaved())[profile]?.cookies ?? [];
}

export function toSaved(cookie: chrome.cookies.Cookie): SavedCookie {
  const saved: SavedCookie = {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    hostOnly: cookie.hostOnly,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite,
  };
  if (!cookie.session && cookie.expirationDate !== undefined) saved.expirationDate = cookie.expirationDate;
  return saved;
}

export async function storeCookies(profile: string, cookies: SavedCookie[]): Promise<void> {
  const saved = await allSaved();
  saved[profile] = { cookies, savedAt: Date.now() };
  await chrome.storage.local.set({ [KEY]: saved });
}

/** What chrome.cookies.set needs to put a saved cookie into `storeId`; null for one that has expired. */
export function cookieDetails(cookie: SavedCookie, storeId: string, nowSeconds: number): chrome.cookies.SetDetails | null {
  if (cookie.expirationDate !== undefined && cookie.expirationDate <= nowSeconds) return null;
  const host = cookie.domain.replace(/^\./, '');
  const details: chrome.cookies.SetDetails = {
    url: `${cookie.secure ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}${cookie.path}`,
    name: cookie.name,
    value: cookie.value,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite as chrome.cookies.SameSiteStatus,
    storeId,
  };
  if (!cookie.hostOnly) details.domain = cookie.domain;
  if (cookie.expirationDate !== undefined) details.expirationDate = cookie.expirationDate;
  return details;
}

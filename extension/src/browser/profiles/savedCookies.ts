/**
 * The cookies of named profiles, sealed by `vmark host` (its file encrypted, the key in the OS
 * keychain: bridge/src/host/signins/README.md). They go from there into an incognito cookie store
 * and back; neither the extension's storage nor any tool result ever carries them.
 */
import type { ProfileJarInfo, SigninCookie } from '@vmark/shared';
import { hostProfileJars } from '../signins/hostSignins';

/** A cookie as a profile keeps it: what chrome.cookies.set takes back (a session cookie too: that is where logins live). */
export type SavedCookie = Omit<SigninCookie, 'partitionKey'>;

/**
 * Where profiles kept their cookies before the host sealed them: chrome.storage.local, in plain
 * text. Each such profile is handed to the host (unless it keeps a jar of that name already), and
 * the key goes only once all of them are kept there: nothing the person had is lost.
 */
const LEGACY_KEY = 'browserProfiles';

type Legacy = Record<string, { cookies: SavedCookie[]; savedAt: number }>;

async function migrateLegacyProfiles(): Promise<void> {
  const legacy = (await chrome.storage.local.get(LEGACY_KEY))[LEGACY_KEY] as Legacy | undefined;
  if (legacy === undefined) return;
  const kept = new Set((await hostProfileJars.list()).map((p) => p.name));
  for (const [name, saved] of Object.entries(legacy)) {
    if (!kept.has(name)) await hostProfileJars.save(name, JSON.stringify(saved.cookies));
  }
  await chrome.storage.local.remove(LEGACY_KEY);
}

/** The saved profiles, for the person (popup): names, how many cookies, when last saved. Never the cookies. */
export async function savedProfiles(): Promise<ProfileJarInfo[]> {
  await migrateLegacyProfiles();
  return hostProfileJars.list();
}

export async function deleteSavedProfile(profile: string): Promise<void> {
  await migrateLegacyProfiles();
  await hostProfileJars.forget(profile);
}

/** The profile's saved cookies; throws a SigninHostError when the host or its keychain cannot give them. */
export async function savedCookies(profile: string): Promise<SavedCookie[]> {
  await migrateLegacyProfiles();
  const jar = await hostProfileJars.load(profile);
  return jar === null ? [] : (JSON.parse(jar) as SavedCookie[]);
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
  await hostProfileJars.save(profile, JSON.stringify(cookies));
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

import type { SigninCookie } from '@vmark/shared';
import { toSaved } from '../profiles/savedCookies';
import { cookieDetails } from '../profiles/savedCookies';

/** The host and each parent domain up to two labels (an IP address is only itself): where cookies of `host` can live. */
export function cookieDomains(host: string): string[] {
  if (/^[\d.]+$/.test(host) || host.includes(':')) return [host];
  const labels = host.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out.length > 0 ? out : [host];
}

/** The top-level site of a page of `origin` (scheme and registrable domain, approximated as the last two labels). */
export function siteOf(origin: string): string {
  const url = new URL(origin);
  const domains = cookieDomains(url.hostname);
  return `${url.protocol}//${domains[domains.length - 1]}`;
}

/** Whether a cookie would be sent to pages of `origin` (any path): domain and Secure matching. */
export function appliesTo(cookie: Pick<chrome.cookies.Cookie, 'domain' | 'hostOnly' | 'secure'>, origin: string): boolean {
  const url = new URL(origin);
  if (cookie.secure && url.protocol !== 'https:') return false;
  const domain = cookie.domain.replace(/^\./, '');
  if (cookie.hostOnly) return domain === url.hostname;
  return url.hostname === domain || url.hostname.endsWith(`.${domain}`);
}

function toSignin(cookie: chrome.cookies.Cookie): SigninCookie {
  const out: SigninCookie = toSaved(cookie);
  if (cookie.partitionKey) out.partitionKey = { ...cookie.partitionKey };
  return out;
}

const cookieKey = (cookie: chrome.cookies.Cookie) => JSON.stringify([cookie.name, cookie.domain, cookie.path, cookie.partitionKey?.topLevelSite ?? null, cookie.partitionKey?.hasCrossSiteAncestor ?? null]);

/**
 * Every cookie of `storeId` that pages of `origin` get, HttpOnly and partitioned ones included, and
 * the partitioned (CHIPS) cookies that sites embedded in such a page keep in its partition (whatever
 * their domain: they are part of the page's sign-in). getAll by domain (a url query would miss
 * cookies of narrower paths), then filtered to the origin.
 */
export async function originCookies(storeId: string, origin: string): Promise<SigninCookie[]> {
  const partitionKey = { topLevelSite: siteOf(origin) };
  const found = new Map<string, chrome.cookies.Cookie>();
  for (const domain of cookieDomains(new URL(origin).hostname)) {
    for (const details of [{ domain, storeId }, { domain, storeId, partitionKey }]) {
      for (const cookie of await chrome.cookies.getAll(details)) {
        if (appliesTo(cookie, origin)) found.set(cookieKey(cookie), cookie);
      }
    }
  }
  for (const cookie of await chrome.cookies.getAll({ storeId, partitionKey })) {
    if (cookie.partitionKey?.topLevelSite === partitionKey.topLevelSite) found.set(cookieKey(cookie), cookie);
  }
  return [...found.values()].map(toSignin);
}

/** Puts saved cookies into `storeId` (expired ones are left out); how many went in. */
export async function restoreCookies(storeId: string, cookies: SigninCookie[]): Promise<number> {
  const now = Date.now() / 1000;
  let restored = 0;
  for (const cookie of cookies) {
    const details = cookieDetails(cookie, storeId, now);
    if (!details) continue;
    if (cookie.partitionKey) details.partitionKey = cookie.partitionKey;
    const set = await chrome.cookies.set(details).catch((error: unknown) => {
      console.warn(`VMark: the saved cookie "${cookie.name}" was not restored`, error);
      return null;
    });
    if (set) restored++;
  }
  return restored;
}

/** The cookie store an open tab uses (the Sandbox's incognito store, a profile's, or the person's). */
export async function storeOfTab(chromeTabId: number): Promise<string | null> {
  return (await chrome.cookies.getAllCookieStores()).find((s) => s.tabIds.includes(chromeTabId))?.id ?? null;
}

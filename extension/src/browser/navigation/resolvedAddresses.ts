import { classifyHost, describeAddressClass, type AddressClass, type UrlVerdict } from '../safety/urlPolicy';

/** Resolves a host name to its addresses (through `vmark host`); rejects when it cannot. */
export type HostResolver = (hostname: string) => Promise<string[]>;

let resolver: HostResolver | null = null;

/** Set once by the worker, which owns the host connection. */
export function setHostResolver(resolve: HostResolver): void {
  resolver = resolve;
}

const isIpLiteral = (hostname: string) => hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

/** The URL parser's form of an address, which classifyHost understands (e.g. ::ffff:7f00:1 for ::ffff:127.0.0.1). */
const normalised = (address: string) => new URL(`http://${address.includes(':') ? `[${address}]` : address}/`).hostname;

/** The class of an address an AI tab may not reach, or null when it may (public, or loopback when allowed). */
export function refusedAddressClass(address: string, allowLoopback: boolean): Exclude<AddressClass, 'public'> | null {
  const addressClass = classifyHost(normalised(address));
  if (addressClass === 'public' || (addressClass === 'loopback' && allowLoopback)) return null;
  return addressClass;
}

/**
 * A public name that resolves to a loopback, private, link-local or metadata address is refused like
 * the address itself (the URL check sees only names). A name that does not resolve is left to the
 * browser, whose navigation then fails. A rebinding between this lookup and the browser's own is
 * caught by answeringAddress.ts, after the fact.
 */
export async function checkResolvedAddresses(url: URL, options: { allowLoopback: boolean }, resolve = resolver): Promise<UrlVerdict> {
  if (!resolve || isIpLiteral(url.hostname)) return { ok: true, url };
  const addresses = await resolve(url.hostname).catch(() => []);
  for (const address of addresses) {
    const addressClass = refusedAddressClass(address, options.allowLoopback);
    if (addressClass === null) continue;
    return {
      ok: false,
      token: 'URL_BLOCKED',
      message: `AI tabs never open ${describeAddressClass(addressClass)}: ${url.hostname} resolves to ${address}`,
      addressClass,
    };
  }
  return { ok: true, url };
}

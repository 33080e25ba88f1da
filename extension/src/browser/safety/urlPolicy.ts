/**
 * Where an AI tab may go: http(s) only, and never to loopback (unless allowed), private, link-local,
 * metadata or intranet-only names. Pure: the URL parser has already normalised legacy IPv4
 * spellings (0x7f.1, 2130706433, 017700000001) to dotted decimal, so only that form is checked.
 * A public name resolving to a private address is checked separately (resolvedAddresses.ts, through
 * the host); the network rule in tabs/networkRules.ts only sees URLs.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved' | 'intranet-name';

export type UrlVerdict =
  | { ok: true; url: URL }
  | { ok: false; token: 'INVALID_URL' | 'URL_BLOCKED'; message: string; addressClass?: AddressClass };

function ipv4Class(a: number, b: number): AddressClass {
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT
  if (a === 169 && b === 254) return 'link-local'; // includes the 169.254.169.254 metadata endpoint
  if (a === 0 || a >= 224 || (a === 198 && (b === 18 || b === 19)) || (a === 192 && b === 0)) return 'reserved';
  return 'public';
}

function parseIpv4(host: string): [number, number] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function ipv6Class(bracketed: string): AddressClass {
  const host = bracketed.slice(1, -1).toLowerCase();
  if (host === '::1') return 'loopback';
  if (host === '::') return 'reserved';
  // IPv4-mapped (::ffff:7f00:1) and NAT64 (64:ff9b::7f00:1) carry an IPv4 address in the last 32 bits.
  const embedded = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (embedded) {
    const high = parseInt(embedded[1] as string, 16);
    return ipv4Class(high >> 8, high & 0xff);
  }
  const first = parseInt(host.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7, e.g. fd00:ec2::254 (AWS metadata)
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xff00) === 0xff00) return 'reserved'; // multicast
  return 'public';
}

const INTRANET_SUFFIXES = ['.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet', '.corp'];

export function classifyHost(rawHost: string): AddressClass {
  const host = rawHost.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return ipv6Class(host);
  const v4 = parseIpv4(host);
  if (v4) return ipv4Class(v4[0], v4[1]);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host === 'metadata' || host === 'metadata.google.internal' || host === 'instance-data') return 'metadata';
  if (host === 'home.arpa' || INTRANET_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'intranet-name';
  // A single-label name resolves through the search domains, i.e. to the local network.
  if (!host.includes('.')) return 'intranet-name';
  return 'public';
}

const CLASS_WORDS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  'link-local': 'a link-local address (this includes cloud metadata endpoints)',
  metadata: 'a cloud metadata endpoint',
  reserved: 'a reserved or unspecified address',
  'intranet-name': 'a local-network name',
};

export function describeAddressClass(addressClass: Exclude<AddressClass, 'public'>): string {
  return CLASS_WORDS[addressClass];
}

export function checkNavigationUrl(raw: string, options: { allowLoopback: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, token: 'INVALID_URL', message: 'The URL is not an absolute URL; pass e.g. https://example.com/page' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, token: 'INVALID_URL', message: `AI tabs only open http and https URLs, not ${url.protocol}` };
  }
  const addressClass = classifyHost(url.hostname);
  if (addressClass === 'public' || (addressClass === 'loopback' && options.allowLoopback)) return { ok: true, url };
  return {
    ok: false,
    token: 'URL_BLOCKED',
    message: `AI tabs never open ${CLASS_WORDS[addressClass]} (${url.hostname})`,
    addressClass,
  };
}

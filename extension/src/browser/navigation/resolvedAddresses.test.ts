import { describe, expect, it } from 'vitest';
import { checkResolvedAddresses, type HostResolver } from './resolvedAddresses';

const resolvesTo = (addresses: string[]): HostResolver => async () => addresses;
const check = (url: string, addresses: string[] | HostResolver, allowLoopback = false) =>
  checkResolvedAddresses(new URL(url), { allowLoopback }, Array.isArray(addresses) ? resolvesTo(addresses) : addresses);

describe('checkResolvedAddresses', () => {
  it('refuses a public name that resolves to a private, loopback, link-local or mapped address', async () => {
    for (const address of ['10.0.0.5', '192.168.1.20', '169.254.169.254', '127.0.0.1', '::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.1.2.3']) {
      const verdict = await check('https://rebind.example.com/x', ['93.184.216.34', address]);
      expect(verdict, address).toMatchObject({ ok: false, token: 'URL_BLOCKED', message: expect.stringContaining(`rebind.example.com resolves to ${address}`) });
    }
  });

  it('lets loopback through only when loopback is allowed; private stays refused', async () => {
    expect((await check('https://dev.example.com/', ['127.0.0.1'], true)).ok).toBe(true);
    expect((await check('https://dev.example.com/', ['10.0.0.1'], true)).ok).toBe(false);
  });

  it('allows names that resolve to public addresses only, and leaves unresolvable names to the browser', async () => {
    expect((await check('https://example.com/', ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])).ok).toBe(true);
    expect((await check('https://nowhere.example/', async () => Promise.reject(new Error('ENOTFOUND')))).ok).toBe(true);
  });

  it('does not resolve IP literals (the URL check judged them already)', async () => {
    let asked = false;
    const verdict = await check('http://93.184.216.34/', async () => {
      asked = true;
      return ['10.0.0.1'];
    });
    expect(verdict.ok).toBe(true);
    expect(asked).toBe(false);
  });
});

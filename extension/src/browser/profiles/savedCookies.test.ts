import { describe, expect, it } from 'vitest';
import { cookieDetails, type SavedCookie } from './savedCookies';

const base: SavedCookie = { name: 'sid', value: 'v', domain: 'example.com', hostOnly: true, path: '/', secure: true, httpOnly: true, sameSite: 'lax' };

describe('cookieDetails', () => {
  it('puts a host-only cookie back without a domain, on the scheme its secure flag asks for', () => {
    expect(cookieDetails(base, '1', 100)).toEqual({ url: 'https://example.com/', name: 'sid', value: 'v', path: '/', secure: true, httpOnly: true, sameSite: 'lax', storeId: '1' });
  });

  it('keeps a domain cookie\'s domain and its expiry', () => {
    const details = cookieDetails({ ...base, domain: '.example.com', hostOnly: false, secure: false, path: '/app', expirationDate: 200 }, '1', 100);
    expect(details).toMatchObject({ url: 'http://example.com/app', domain: '.example.com', expirationDate: 200 });
  });

  it('drops a cookie that has expired meanwhile', () => {
    expect(cookieDetails({ ...base, expirationDate: 99 }, '1', 100)).toBeNull();
  });
});

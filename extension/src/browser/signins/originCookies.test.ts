import { describe, expect, it } from 'vitest';
import { appliesTo, cookieDomains, siteOf } from './originCookies';

describe('the cookies of one origin', () => {
  it('BRW-SESS-08 are looked up on the host and each parent domain; an address is only itself', () => {
    expect(cookieDomains('app.eu.example.com')).toEqual(['app.eu.example.com', 'eu.example.com', 'example.com']);
    expect(cookieDomains('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(siteOf('https://app.eu.example.com:8443')).toBe('https://example.com');
  });

  it('BRW-SESS-08 keep host-only cookies of that host, domain cookies covering it, Secure ones only for https', () => {
    const origin = 'https://app.example.com';
    expect(appliesTo({ domain: 'app.example.com', hostOnly: true, secure: false }, origin)).toBe(true);
    expect(appliesTo({ domain: 'example.com', hostOnly: true, secure: false }, origin)).toBe(false);
    expect(appliesTo({ domain: '.example.com', hostOnly: false, secure: true }, origin)).toBe(true);
    expect(appliesTo({ domain: '.other.example.com', hostOnly: false, secure: false }, origin)).toBe(false);
    expect(appliesTo({ domain: 'deeper.app.example.com', hostOnly: true, secure: false }, origin)).toBe(false);
    expect(appliesTo({ domain: 'app.example.com', hostOnly: true, secure: true }, 'http://app.example.com')).toBe(false);
    expect(appliesTo({ domain: '.xample.com', hostOnly: false, secure: false }, 'https://example.com')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { checkNavigationUrl, classifyHost } from './urlPolicy';

const blocked = (url: string, allowLoopback = false) => {
  const verdict = checkNavigationUrl(url, { allowLoopback });
  return verdict.ok ? null : verdict.token;
};

describe('checkNavigationUrl', () => {
  it('allows public http(s) URLs', () => {
    expect(blocked('https://example.com/a?b#c')).toBeNull();
    expect(blocked('http://93.184.216.34/')).toBeNull();
    expect(blocked('https://[2606:2800:220:1:248:1893:25c8:1946]/')).toBeNull();
  });

  it('refuses other schemes and malformed URLs with INVALID_URL', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'chrome://settings', 'about:blank', 'ftp://example.com/', 'example.com', '']) {
      expect(blocked(url), url).toBe('INVALID_URL');
    }
  });

  it('refuses loopback in every spelling unless allowed', () => {
    for (const url of ['http://127.0.0.1/', 'http://127.1/', 'http://0x7f.1/', 'http://2130706433/', 'http://017700000001/', 'http://localhost:3000/', 'http://a.localhost/', 'http://[::1]/', 'http://LOCALHOST./', 'http://[::ffff:127.0.0.1]/']) {
      expect(blocked(url), url).toBe('URL_BLOCKED');
      expect(blocked(url, true), url).toBeNull();
    }
  });

  it('refuses private, link-local, metadata and intranet addresses even with loopback allowed', () => {
    for (const url of ['http://10.0.0.1/', 'http://172.16.5.4/', 'http://172.31.255.255/', 'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', 'http://0.0.0.0/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://metadata.google.internal/', 'http://metadata/', 'http://printer.local/', 'http://nas.home.arpa/', 'http://router/', 'http://[::ffff:a9fe:a9fe]/']) {
      expect(blocked(url, true), url).toBe('URL_BLOCKED');
    }
  });

  it('does not mistake public look-alikes for private addresses', () => {
    expect(classifyHost('172.32.0.1')).toBe('public');
    expect(classifyHost('10.example.com')).toBe('public');
    expect(classifyHost('localhost.example.com')).toBe('public');
  });
});

import { describe, expect, it } from 'vitest';
import { blockedHostRegexes } from './networkRules';

// JavaScript's RegExp stands in for RE2 here: the patterns use only syntax both accept.
const blocks = (url: string, allowLoopback: boolean) => blockedHostRegexes(allowLoopback).some((source) => new RegExp(source, 'i').test(url));

describe('blockedHostRegexes', () => {
  it('blocks private, link-local and metadata hosts, with or without loopback allowed', () => {
    for (const url of ['http://10.0.0.1/', 'https://172.20.1.1:8443/x', 'http://192.168.1.1', 'http://169.254.169.254/latest/', 'http://100.100.100.200/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://metadata/', 'http://metadata.google.internal/', 'http://printer.local./', 'ws://0.0.0.0:9000/', 'http://user@10.1.1.1/']) {
      expect(blocks(url, true), url).toBe(true);
      expect(blocks(url, false), url).toBe(true);
    }
  });

  it('blocks loopback only when it is not allowed', () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://localhost/', 'http://app.localhost:8080/', 'http://[::1]/']) {
      expect(blocks(url, false), url).toBe(true);
      expect(blocks(url, true), url).toBe(false);
    }
  });

  it('leaves public hosts alone, look-alikes included', () => {
    for (const url of ['https://example.com/', 'http://10.example.com/', 'https://metadata.example.com/', 'http://172.32.0.1/', 'https://example.com/?next=http://10.0.0.1/', 'https://localhost.example.com/']) {
      expect(blocks(url, false), url).toBe(false);
    }
  });
});

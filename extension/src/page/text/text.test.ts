import { describe, expect, it } from 'vitest';
import { clipText, neutraliseDeep, neutraliseText } from './neutralise';
import { redactUrl } from './redactUrl';

describe('neutraliseText', () => {
  it('removes bidi controls and C0/C1 controls but keeps newline and tab', () => {
    expect(neutraliseText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(neutraliseText('a\u2066b\u2069c\u200Ed\u061C')).toBe('abcd');
    expect(neutraliseText('x\u0007\u001b[31my\u0085\r\n\tz')).toBe('x[31my\n\tz');
  });

  it('removes the invisible characters that hide inside names, keeps the joiners scripts and emoji need', () => {
    expect(neutraliseText('De\u200Bl\u2060e\uFEFFt\u2061e\u2064')).toBe('Delete');
    expect(neutraliseText('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 👩\u200D💻')).toBe('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 👩\u200D💻');
  });

  it('reaches every string in a result, keys included', () => {
    expect(neutraliseDeep({ 'k\u202E': ['v\u0000', { n: 1, b: true, s: null }] })).toEqual({ k: ['v', { n: 1, b: true, s: null }] });
  });
});

describe('clipText', () => {
  it('never splits a surrogate pair', () => {
    expect(clipText('ab😀c', 3)).toEqual({ text: 'ab', clipped: true });
    expect(clipText('ab😀c', 4)).toEqual({ text: 'ab😀', clipped: true });
    expect(clipText('abc', 3)).toEqual({ text: 'abc', clipped: false });
  });
});

describe('redactUrl', () => {
  it('strips userinfo, query and fragment', () => {
    expect(redactUrl('https://user:pw@example.com:8443/a/b?token=x#frag')).toBe('https://example.com:8443/a/b');
  });

  it('keeps only the scheme of URLs that carry their payload in the path', () => {
    expect(redactUrl('data:text/html,secret')).toBe('data:');
    expect(redactUrl('about:blank')).toBe('about:blank');
    expect(redactUrl('nonsense')).toBe('');
  });
});

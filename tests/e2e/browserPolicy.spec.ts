// Where AI tabs may go, on a stack started like `vmark start` (loopback NOT allowed for the launch).

import { expect, stackTest, test } from './support/fixtures';
import { refusalOf } from './support/browserFixtures';
import { openExtensionPopup } from './support/browserPerson';
import { startSite } from './support/site';

test('BRW-OPEN AI navigation refuses loopback, private, link-local and metadata addresses and non-http(s) URLs; the loopback setting lifts only loopback', async ({ stack, ai }) => {
  const site = await startSite();
  try {
    const blocked = [
      site.url('/forms.html'),
      site.url('/forms.html').replace('127.0.0.1', 'localhost'),
      'http://[::1]/',
      'http://0x7f.0.0.1/',
      'http://2130706433/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://[fd00:ec2::254]/',
      'http://nas.home.arpa/',
    ];
    for (const url of blocked) {
      const refused = refusalOf(await ai.call('browser', { action: 'open', url }));
      expect(refused.token, url).toBe('URL_BLOCKED');
      expect(JSON.stringify(refused)).not.toContain('?');
    }
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<h1>x</h1>', 'chrome://settings', 'ftp://example.com/']) {
      expect(refusalOf(await ai.call('browser', { action: 'open', url })).token, url).toBe('INVALID_URL');
    }
    expect((await ai.ok<{ browserTabs: unknown[] }>('session', { action: 'get_state' })).browserTabs).toEqual([]);

    const popup = await openExtensionPopup(stack);
    await popup.getByLabel(/loopback/).check();
    await expect.poll(async () => (await ai.call('browser', { action: 'open', url: site.url('/forms.html') })).isError ?? false).toBe(false);
    expect(refusalOf(await ai.call('browser', { action: 'open', url: 'http://10.1.2.3/' })).token).toBe('URL_BLOCKED');
  } finally {
    await site.close();
  }
});

interface Loaded {
  tabId: string;
  outcome: 'loaded' | 'failed';
  url: string;
  error?: string;
}

// Chromium's own resolver sends these names to 127.0.0.1, while the host's lookup (net.resolve) finds
// nothing for them: exactly a name whose answer changed after our check.
const rebinding = stackTest({ browserArgs: ['--host-resolver-rules=MAP rebind.test 127.0.0.1, MAP hop.test 127.0.0.1, MAP late.test 127.0.0.1'] });

rebinding('BRW-OPEN a name that answers from a refused address (rebinding, or first reached by a redirect) fails its navigation, never shows its page, and is blocked from then on', async ({ ai }) => {
  const site = await startSite();
  try {
    const port = new URL(site.origin).port;
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: `http://rebind.test:${port}/forms.html?key=s3cret` });
    expect(opened).toMatchObject({ outcome: 'failed', url: `http://rebind.test:${port}/forms.html` });
    expect(opened.error).toMatch(/^net::ERR_BLOCKED_BY_CLIENT \(rebind\.test answered from 127\.0\.0\.1: AI tabs never open a loopback address/);
    // the page was replaced by a blank one before the AI could read it
    const tabUrl = async () =>
      (await ai.ok<{ browserTabs: { id: string; url: string }[] }>('session', { action: 'get_state' })).browserTabs.find((t) => t.id === opened.tabId)?.url;
    await expect.poll(tabUrl).toBe('about:blank');

    // from now on the name is blocked before any request leaves
    const before = site.requests.length;
    const again = await ai.ok<Loaded>('browser', { action: 'navigate', tabId: opened.tabId, url: `http://rebind.test:${port}/query.html` });
    expect(again).toMatchObject({ outcome: 'failed', error: 'net::ERR_BLOCKED_BY_CLIENT' });
    expect(site.requests.length).toBe(before);

    // a name first reached through a redirect is caught the same way
    const redirected = await ai.ok<Loaded>('browser', { action: 'open', url: `http://hop.test:${port}/redirect?to=${encodeURIComponent(`http://late.test:${port}/forms.html`)}` });
    expect(redirected).toMatchObject({ outcome: 'failed', url: `http://late.test:${port}/forms.html` });
    expect(redirected.error).toMatch(/late\.test answered from 127\.0\.0\.1/);
    expect(site.requests.map((r) => r.path)).not.toContain('/query.html');
  } finally {
    await site.close();
  }
});

// Where AI tabs may go, on a stack started like `vmark start` (loopback NOT allowed for the launch).

import { expect, test } from './support/fixtures';
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

import { describe, expect, it } from 'vitest';
import { browserArgs } from './browserProcess';

describe('browserArgs', () => {
  it('BRW-ACT-03 a profile VMark launches keeps the debugger silent (trusted input and execute_js without the "started debugging" bar)', () => {
    const args = browserArgs({ executable: '/usr/bin/chromium', userDataDir: '/tmp/p', url: 'http://127.0.0.1:1/', headless: true });
    expect(args).toContain('--silent-debugger-extension-api');
    expect(args).toContain('--headless');
    expect(args.at(-1)).toBe('http://127.0.0.1:1/');
  });

  it('a headless launch starts no renderer for the browser UI nobody sees; a visible one keeps it', () => {
    const launch = { executable: '/usr/bin/chromium', userDataDir: '/tmp/p', url: 'http://127.0.0.1:1/' };
    expect(browserArgs({ ...launch, headless: true })).toContain('--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup');
    expect(browserArgs({ ...launch, headless: false }).some((arg) => arg.startsWith('--disable-features'))).toBe(false);
  });
});

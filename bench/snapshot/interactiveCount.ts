import { chromium } from 'playwright-core';
import { BROWSER, BROWSER_FLAGS } from '../../tests/e2e/support/paths';

/** The selector of reference/snapshot-baseline.md's count, so the figures compare. */
const INTERACTIVE = 'a, button, input, select, textarea, [role=button]';

/** Visible interactive elements per page, counted in a plain Chromium page (no extension). */
export async function countInteractive(urls: Map<string, string>): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: BROWSER, args: BROWSER_FLAGS, headless: true });
  const counts = new Map<string, number>();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    for (const [name, url] of urls) {
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 });
      // a source string: tsx would wrap named functions in a helper the page does not have
      counts.set(name, await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(INTERACTIVE)})].filter((element) => {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      }).length`));
    }
  } finally {
    await browser.close();
  }
  return counts;
}

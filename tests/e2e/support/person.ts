import type { Page } from 'playwright-core';

/** The person switches the focused markdown tab to source mode (CodeMirror), if it is not there yet. */
export async function useSourceMode(page: Page): Promise<void> {
  const toggle = page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Source mode' });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.locator('.cm-content').waitFor();
}

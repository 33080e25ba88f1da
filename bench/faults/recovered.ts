import type { Page } from 'playwright-core';
import { journalEntries } from '../../tests/e2e/support/journal';

/** What an editor window offers back after a crash: the Restore bar's buffers, by file. */
export interface Offered {
  filePath: string | null;
  title: string;
  content: string;
}

/**
 * Reads every buffer the Restore bar of `page` offers (windows that no longer run) and discards them
 * through the bar, as a person would, so the next round starts clean. Waits for the bar when
 * `expect` names titles that must be offered.
 */
export async function takeOffered(page: Page, expect: string[] = []): Promise<Offered[]> {
  const bar = page.getByRole('region', { name: 'Unsaved work' });
  for (const title of expect) await bar.getByRole('button', { name: `Restore ${title}`, exact: true }).waitFor({ timeout: 15_000 }).catch(() => undefined);
  if ((await bar.count()) === 0) return [];
  // the buffers with their texts rebuilt (a base plus the changes typed after it)
  const offered: Offered[] = await page.evaluate(async () => {
    const all = await (window as unknown as { vmarkDebug: { buffers(): Promise<Offered[]> } }).vmarkDebug.buffers();
    return all.map((b) => ({ filePath: b.filePath, title: b.title, content: b.content }));
  });
  const titles = await bar.getByRole('listitem').allInnerTexts();
  // only what the bar lists is offered (the live window's own buffers are in the store too)
  const listed = offered.filter((b) => titles.some((t) => t.startsWith(`${b.title} `)));
  for (let left = await bar.getByRole('button', { name: 'Discard' }).count(); left > 0; left--) {
    await bar.getByRole('button', { name: 'Discard' }).first().click();
  }
  return listed;
}

/** The texts after every applied agent edit the journal of `page`'s origin holds for a file. */
export async function journaledTexts(page: Page, file: string): Promise<string[]> {
  return (await journalEntries(page, file)).filter((e) => e.state === 'applied' && e.contentAfter !== null).map((e) => e.contentAfter as string);
}

/** Lines that occur more than once in a text. */
export function duplicatedLines(text: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const line of text.split('\n').filter(Boolean)) (seen.has(line) ? twice : seen).add(line);
  return [...twice];
}

/// <reference types="chrome" />
// (chrome.* runs inside the extension worker, through worker.evaluate)
import type { Page } from 'playwright-core';
import type { Stack } from './stack';

/** The person's side of the browser tools: their own tabs, the extension popup and approval prompts. */

export async function extensionId(stack: Stack): Promise<string> {
  return new URL((await stack.serviceWorker()).url()).host;
}

/** The wire id ("btab-N") of the tab showing `url`, as the extension names it. */
export async function browserTabIdOf(stack: Stack, url: string): Promise<string> {
  const worker = await stack.serviceWorker();
  const id = await worker.evaluate(async (wanted) => (await chrome.tabs.query({})).find((t) => t.url === wanted)?.id ?? null, url);
  if (id === null) throw new Error(`no tab shows ${url}`);
  return `btab-${id}`;
}

/** A tab the person opens themselves. */
export async function personOpens(stack: Stack, url: string): Promise<Page> {
  const page = await stack.context.newPage();
  await page.goto(url);
  await page.bringToFront();
  return page;
}

/** The Playwright page behind an AI tab, e.g. to act as the person inside it. */
export function pageShowing(stack: Stack, url: string): Page {
  const page = stack.context.pages().find((p) => p.url() === url);
  if (!page) throw new Error(`no page shows ${url}`);
  return page;
}

/** Resolves with the approval prompt that `trigger` makes the extension open. */
export async function approvalPromptFor(stack: Stack, trigger: () => Promise<unknown>): Promise<Page> {
  const opened = stack.context.waitForEvent('page', { predicate: (p) => p.url().includes('/approval.html') });
  await trigger();
  const prompt = await opened;
  await prompt.waitForLoadState();
  return prompt;
}

/** The person answers a prompt by clicking one of its buttons. */
export async function answerPrompt(prompt: Page, button: 'Allow once' | 'Allow until next navigation' | 'Allow on this site' | 'Allow this time' | 'Deny'): Promise<void> {
  const closed = prompt.waitForEvent('close');
  // the answer closes the prompt's window, sometimes before Playwright has finished its click
  await prompt
    .getByRole('button', { name: button })
    .click()
    .catch((error: unknown) => {
      if (!prompt.isClosed()) throw error;
    });
  await closed;
}

/** The extension's toolbar popup, opened as a page. */
export async function openExtensionPopup(stack: Stack): Promise<Page> {
  const page = await stack.context.newPage();
  await page.goto(`chrome-extension://${await extensionId(stack)}/popup.html`);
  return page;
}

/** The person presses a key in a prompt (Enter and Escape deny; the answer closes the window). */
export async function pressInPrompt(prompt: Page, key: 'Enter' | 'Escape'): Promise<void> {
  const closed = prompt.waitForEvent('close');
  await prompt.keyboard.press(key).catch((error: unknown) => {
    if (!prompt.isClosed()) throw error;
  });
  await closed;
}

/// <reference types="chrome" />
// (chrome.* runs inside the extension worker, through worker.evaluate)
// The Sandbox posture's cookie store against the real stack. With "Allow in Incognito" switched on
// (the default of these stacks, as `vmark start` and `--headless` set it for their own profiles),
// Sandbox tabs open in an incognito window: Chromium's off-the-record store, apart from the person's
// jar and gone with the window. Without it they send and keep no cookies at all.

import type { Page } from 'playwright-core';
import { expect, refusalOf, siteTest, test } from './support/browserFixtures';
import { openExtensionPopup, personOpens } from './support/browserPerson';
import type { Stack } from './support/stack';
import type { Site } from './support/site';

interface AiCalls {
  ok<T>(tool: string, args: Record<string, unknown>): Promise<T>;
}


interface Opened {
  tabId: string;
}

const cookieHeaders = (site: Site, path = '/echo-cookie') => site.requests.filter((r) => r.path === path).map((r) => r.cookie);

async function shownCookies(ai: AiCalls, tabId: string): Promise<{ header: string; script: string }> {
  const read = async (selector: string) =>
    (await ai.ok<{ elements: { text: string }[] }>('browser_read', { action: 'query', tabId, selector })).elements[0]?.text ?? '';
  return { header: await read('#cookie'), script: await read('#script-cookie') };
}

async function cookieStoreOf(ai: AiCalls, tabId: string): Promise<string | null | undefined> {
  const { browserTabs } = await ai.ok<{ browserTabs: { id: string; cookieStore: string | null }[] }>('session', { action: 'get_state' });
  return browserTabs.find((t) => t.id === tabId)?.cookieStore;
}

async function isIncognito(stack: Stack, tabId: string): Promise<boolean> {
  const worker = await stack.serviceWorker();
  return worker.evaluate(async (id) => (await chrome.tabs.get(id)).incognito, Number(tabId.slice('btab-'.length)));
}

/** The person's own cookie for the fixture site, readable by page scripts (not HttpOnly). */
async function personSignsIn(stack: Stack, site: Site): Promise<void> {
  await stack.context.addCookies([{ name: 'who', value: 'person', url: site.url('/') }]);
}

test('BRW-POST-03 Sandbox tabs have a cookie store of their own: the person\'s cookies never reach them, theirs stick inside the Sandbox and never reach the person', async ({ stack, ai, site }) => {
  await personSignsIn(stack, site);
  const opened = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/echo-cookie') });
  expect(await isIncognito(stack, opened.tabId)).toBe(true);
  expect(await cookieStoreOf(ai, opened.tabId)).toBe('separate');
  expect(cookieHeaders(site)).toEqual([undefined]);
  // neither the request nor a page script sees the person's cookie
  expect(await shownCookies(ai, opened.tabId)).toEqual({ header: 'cookie=', script: 'script=' });

  // a sign-in inside the Sandbox sticks there ...
  await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/set-cookie?value=sandbox') });
  await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/echo-cookie') });
  expect(await shownCookies(ai, opened.tabId)).toEqual({ header: 'cookie=ai=sandbox', script: 'script=ai=sandbox' });
  // ... and a second Sandbox tab shares it
  const second = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/echo-cookie') });
  expect(await shownCookies(ai, second.tabId)).toEqual({ header: 'cookie=ai=sandbox', script: 'script=ai=sandbox' });

  // ... but never reaches the person's jar or the person's tabs
  expect((await stack.context.cookies(site.origin)).map((c) => `${c.name}=${c.value}`)).toEqual(['who=person']);
  const personal = await personOpens(stack, site.url('/echo-cookie'));
  await expect(personal.locator('#cookie')).toHaveText('cookie=who=person');
  await personal.close();
  // the popup tells the person where Sandbox tabs keep their cookies
  const popup = await openExtensionPopup(stack);
  await expect(popup.getByText(/Sandbox tabs open in an incognito window/)).toBeVisible();
  await expect(popup.getByRole('button', { name: /extension settings/ })).toHaveCount(0);
});

test('BRW-POST-03 the Sandbox store is not persistent: once the AI\'s tabs are closed, the next Sandbox tab starts with no cookies', async ({ stack, ai, site }) => {
  const first = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/set-cookie?value=earlier') });
  await ai.ok('browser', { action: 'close', tabId: first.tabId });
  const worker = await stack.serviceWorker();
  // with its last tab gone the Sandbox window is gone, and with it Chromium's incognito store
  await expect.poll(() => worker.evaluate(async () => (await chrome.windows.getAll()).filter((w) => w.incognito).length)).toBe(0);

  const next = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/echo-cookie') });
  expect(await cookieStoreOf(ai, next.tabId)).toBe('separate');
  expect(cookieHeaders(site)).toEqual([undefined]);
  expect(await shownCookies(ai, next.tabId)).toEqual({ header: 'cookie=', script: 'script=' });
});

test('BRW-POST-03 while the person has an incognito window of their own (one store for all incognito windows), Sandbox tabs send and keep no cookies', async ({ stack, ai, site }) => {
  const worker = await stack.serviceWorker();
  const openIncognito = (url: string) =>
    worker.evaluate(async (u) => (await chrome.windows.create({ incognito: true, url: u, focused: false }))?.id ?? -1, url);
  const theirs = await openIncognito(site.url('/set-cookie?value=person-incognito'));
  await expect.poll(() => site.requests.some((r) => r.path === '/set-cookie?value=person-incognito')).toBe(true);

  const opened = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/echo-cookie') });
  expect(await isIncognito(stack, opened.tabId)).toBe(true);
  expect(await cookieStoreOf(ai, opened.tabId)).toBe('none');
  expect(cookieHeaders(site)).toEqual([undefined]);
  // the AI's Set-Cookie is not stored either: the person's incognito session is left as it was
  await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/set-cookie?value=ai') });
  const personIncognito = await worker.evaluate(async (id) => {
    const [tab] = await chrome.tabs.query({ windowId: id });
    const [shown] = await chrome.scripting.executeScript({ target: { tabId: tab!.id! }, func: () => document.cookie });
    return shown?.result;
  }, theirs);
  expect(personIncognito).toBe('ai=person-incognito');

  // the person's window closes, but the store lives on in the Sandbox window: still no cookies
  await worker.evaluate((id) => chrome.windows.remove(id), theirs);
  await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/echo-cookie') });
  expect(cookieHeaders(site)).toEqual([undefined, undefined]);
  expect(await cookieStoreOf(ai, opened.tabId)).toBe('none');

  // once every incognito window is closed, the store is new and the Sandbox has it to itself again
  await ai.ok('browser', { action: 'close', tabId: opened.tabId });
  await expect.poll(() => worker.evaluate(async () => (await chrome.windows.getAll()).filter((w) => w.incognito).length)).toBe(0);
  const fresh = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/set-cookie?value=fresh') });
  expect(await cookieStoreOf(ai, fresh.tabId)).toBe('separate');
  await ai.ok('browser', { action: 'navigate', tabId: fresh.tabId, url: site.url('/echo-cookie') });
  expect(await shownCookies(ai, fresh.tabId)).toEqual({ header: 'cookie=ai=fresh', script: 'script=ai=fresh' });
});

test('BRW-POST-01 a Shared profile tab uses the person\'s cookies even when the Sandbox window was the last one focused: it never opens in an incognito window', async ({ stack, ai, site }) => {
  const sandboxTab = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/forms.html') });
  const worker = await stack.serviceWorker();
  await worker.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    await chrome.windows.update(tab.windowId, { focused: true });
  }, Number(sandboxTab.tabId.slice('btab-'.length)));
  const popup = await openExtensionPopup(stack);
  await popup.getByLabel(/Shared profile/).check();
  await popup.close();

  const refused = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/echo-cookie') }));
  expect(refused.token).toBe('NOT_GRANTED');
  expect(await isIncognito(stack, refused.data?.tabId as string)).toBe(false);
  expect(await cookieStoreOf(ai, refused.data?.tabId as string)).toBe('profile');
});

test.describe('without "Allow in Incognito"', () => {
  const cookieless = siteTest({ allowLoopback: true, incognitoAllowed: false });

  cookieless('BRW-POST-03 Sandbox tabs open in a normal window and neither send nor store cookies; the popup says how to give them a store of their own', async ({ stack, ai, site }) => {
    await personSignsIn(stack, site);
    const opened = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/echo-cookie') });
    expect(await isIncognito(stack, opened.tabId)).toBe(false);
    expect(await cookieStoreOf(ai, opened.tabId)).toBe('none');
    expect(cookieHeaders(site)).toEqual([undefined]);
    expect((await shownCookies(ai, opened.tabId)).header).toBe('cookie=');
    // a Set-Cookie answered to the AI tab does not reach the person's jar
    await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/set-cookie?value=ai') });
    expect((await stack.context.cookies(site.origin)).map((c) => c.name)).toEqual(['who']);

    const popup: Page = await openExtensionPopup(stack);
    await expect(popup.getByText(/Sandbox tabs send and keep no cookies/)).toBeVisible();
    const settings = stack.context.waitForEvent('page', { predicate: (p) => p.url().startsWith('chrome://extensions') });
    await popup.getByRole('button', { name: /extension settings/ }).click();
    expect((await settings).url()).toContain(`id=${new URL((await stack.serviceWorker()).url()).host}`);
  });
});

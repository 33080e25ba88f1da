/// <reference types="chrome" />
// (chrome.* runs inside the extension worker, through worker.evaluate)
// Named profiles (browser.open's `profile`): a persistent login context of the Sandbox. Its cookies
// are sealed by the host (key in the OS keychain: a real Secret Service here) and go into Chromium's
// incognito store while its window is open; every opening needs the person's approval; the AI never
// gets the cookies, and no file or extension storage holds them in plain text.

import fs from 'node:fs';
import path from 'node:path';
import { expect, refusalOf, siteTest } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, openExtensionPopup } from './support/browserPerson';
import { openProfile, type OpenedTab } from './support/namedProfiles';
import type { Ai } from './support/mcpClient';
import type { Site } from './support/site';
import type { Stack } from './support/stack';

type Opened = OpenedTab;

const test = siteTest({ allowLoopback: true, keyring: true });

// a profile's save may still be renaming its temp file into place while the test looks
const isFileNow = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
const readNow = (file: string) => {
  try {
    return fs.readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
};

const incognitoWindows = async (stack: Stack) =>
  (await stack.serviceWorker()).evaluate(async () => (await chrome.windows.getAll()).filter((w) => w.incognito).length);

const cookieHeaders = (site: Site) => site.requests.filter((r) => r.path === '/echo-cookie').map((r) => r.cookie);

test('BRW-OPEN-01 BRW-OPEN-02 BRW-OPEN-03 a named profile keeps its sign-in from one opening to the next; each opening needs a fresh approval; the cookies reach neither the AI nor the person', async ({ stack, ai, site }) => {
  const answers: unknown[] = [];
  const first = await openProfile(stack, ai, site.url('/set-cookie?value=work-login'), 'work');
  answers.push(first);
  expect(first.outcome).toBe('loaded');
  const state = await ai.ok<{ browserTabs: { id: string; cookieStore: string }[] }>('session', { action: 'get_state' });
  answers.push(state);
  expect(state.browserTabs).toEqual([expect.objectContaining({ id: first.tabId, cookieStore: 'separate' })]);
  expect(await stack.context.cookies(site.origin)).toEqual([]);

  // a plain Sandbox tab meanwhile does not get the profile's store: it goes cookie-less, outside incognito
  const plain = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/echo-cookie') });
  expect(cookieHeaders(site)).toEqual([undefined]);
  const plainState = await ai.ok<{ browserTabs: { id: string; cookieStore: string }[] }>('session', { action: 'get_state' });
  expect(plainState.browserTabs.find((t) => t.id === plain.tabId)?.cookieStore).toBe('none');
  await ai.ok('browser', { action: 'close', tabId: plain.tabId });

  // the profile's window closes with its last tab, and Chromium drops the incognito store
  await ai.ok('browser', { action: 'close', tabId: first.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  // a new opening asks again, and finds the sign-in where it was left
  const again = await openProfile(stack, ai, site.url('/echo-cookie'), 'work');
  answers.push(again);
  expect(cookieHeaders(site)).toEqual([undefined, 'ai=work-login']);
  // another name is another context: nothing of "work" in it
  await ai.ok('browser', { action: 'close', tabId: again.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);
  const other = await openProfile(stack, ai, site.url('/echo-cookie'), 'personal');
  answers.push(other);
  expect(cookieHeaders(site)).toEqual([undefined, 'ai=work-login', undefined]);

  // the cookie went from page to store to the extension's keeping and back: never into an answer
  expect(JSON.stringify(answers)).not.toContain('work-login');
  expect(await stack.context.cookies(site.origin)).toEqual([]);
  await ai.ok('browser', { action: 'close', tabId: other.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  // the person sees the saved sign-ins in the popup and forgets one: the next opening starts signed out
  const popup = await openExtensionPopup(stack);
  const saved = popup.getByRole('list').filter({ hasText: 'work' });
  await expect(saved.getByText(/^work \(1 cookie,/)).toBeVisible();
  await popup.getByRole('button', { name: 'Forget work' }).click();
  await expect(popup.getByRole('button', { name: 'Forget work' })).toHaveCount(0);
  await popup.close();
  const forgotten = await openProfile(stack, ai, site.url('/echo-cookie'), 'work');
  expect(forgotten.outcome).toBe('loaded');
  expect(cookieHeaders(site)).toEqual([undefined, 'ai=work-login', undefined, undefined]);
  await ai.ok('browser', { action: 'close', tabId: forgotten.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  // a profile an earlier version kept in the extension's storage (plain text) moves to the host, nothing lost
  const worker = await stack.serviceWorker();
  await worker.evaluate(() =>
    chrome.storage.local.set({
      browserProfiles: { old: { savedAt: 1, cookies: [{ name: 'ai', value: 'legacy-login', domain: '127.0.0.1', hostOnly: true, path: '/', secure: false, httpOnly: false, sameSite: 'lax' }] } },
    }),
  );
  const old = await openProfile(stack, ai, site.url('/echo-cookie'), 'old');
  expect(cookieHeaders(site).at(-1)).toBe('ai=legacy-login');
  await ai.ok('browser', { action: 'close', tabId: old.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);
  const storage = await worker.evaluate(async () => JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]));
  expect(storage).not.toContain('legacy-login');
  expect(storage).not.toContain('work-login');
  const stateDir = stack.env.VMARK_STATE_DIR!;
  const stateFiles = fs.readdirSync(stateDir, { recursive: true }).map((f) => path.join(stateDir, String(f)));
  expect(stateFiles.some((f) => f.endsWith(path.join('profiles', 'old.bin')))).toBe(true);
  for (const file of stateFiles.filter(isFileNow)) {
    expect(readNow(file).includes('legacy-login'), file).toBe(false);
    expect(readNow(file).includes('work-login'), file).toBe(false);
  }
});

test('BRW-OPEN-02 PROFILE_IN_USE while other Sandbox tabs hold the incognito store, NOT_GRANTED again after a denial, PROFILE_UNAVAILABLE under Shared profile', async ({ stack, ai, site }) => {
  const sandbox = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/forms.html') });
  const inUse = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/forms.html'), profile: 'work' }));
  expect(inUse).toMatchObject({ token: 'PROFILE_IN_USE', data: { profile: 'work' } });
  expect(inUse.message).toMatch(/Sandbox tabs/);
  await ai.ok('browser', { action: 'close', tabId: sandbox.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  const prompt = await approvalPromptFor(stack, () => ai.call('browser', { action: 'open', url: site.url('/forms.html'), profile: 'work' }));
  await answerPrompt(prompt, 'Deny');
  const denied = await approvalPromptFor(stack, async () => {
    expect(refusalOf(await ai.call('browser', { action: 'open', url: site.url('/forms.html'), profile: 'work' })).token).toBe('NOT_GRANTED');
  });
  await answerPrompt(denied, 'Deny');
  expect(await incognitoWindows(stack)).toBe(0);

  const popup = await openExtensionPopup(stack);
  await popup.getByLabel(/Shared profile/).check();
  await popup.close();
  await expect
    .poll(async () => refusalOf(await ai.call('browser', { action: 'open', url: site.url('/forms.html'), profile: 'work' })).token)
    .toBe('PROFILE_UNAVAILABLE');
});

test.describe('without "Allow in Incognito"', () => {
  const cookieless = siteTest({ allowLoopback: true, incognitoAllowed: false });

  cookieless('a named profile is PROFILE_UNAVAILABLE, and no prompt is shown', async ({ ai, site }) => {
    const refused = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/forms.html'), profile: 'work' }));
    expect(refused.token).toBe('PROFILE_UNAVAILABLE');
    expect(refused.message).toMatch(/Allow in Incognito/);
  });
});

/// <reference types="chrome" />
// (chrome.* runs inside the extension worker, through worker.evaluate)
// Sign-ins by reference (browser.session_save / session_load): the AI names a sign-in kept in the
// OS keychain — here a real Secret Service (gnome-keyring on a private session bus) — and never
// gets a value of it; the person approves every save and every load.

import fs from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { test as base } from '@playwright/test';
import { startSecretService, type SecretService } from '../support/secretService';
import { expect, refusalOf, textOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, browserTabIdOf, openExtensionPopup, personOpens } from './support/browserPerson';
import { connectAi, type Ai } from './support/mcpClient';
import { openProfile } from './support/namedProfiles';
import { startSite, type Site } from './support/site';
import { startStack, type Stack } from './support/stack';

interface Opened {
  tabId: string;
}

/** Every answer the AI got, as the transcript the values must never reach. */
interface Recorder {
  transcript: string[];
  call(args: Record<string, unknown>, tool?: string): Promise<CallToolResult>;
  ok<T>(args: Record<string, unknown>, tool?: string): Promise<T>;
}

function recorder(ai: Ai): Recorder {
  const transcript: string[] = [];
  return {
    transcript,
    async call(args, tool = 'browser') {
      transcript.push(JSON.stringify({ tool, args }));
      const result = await ai.call(tool, args);
      transcript.push(JSON.stringify(result));
      return result;
    },
    async ok<T>(args: Record<string, unknown>, tool = 'browser'): Promise<T> {
      const result = await this.call(args, tool);
      expect(result.isError, textOf(result)).toBeFalsy();
      return JSON.parse(result.content.filter((c) => c.type === 'text').at(-1)?.text ?? 'null') as T;
    },
  };
}

// One keyring, stack, sites and AI for the spec's first four tests (different handles; the fourth locks
// the keyring at its end); the third needs a browser without a keyring of its own.
const test = base.extend<{ ai: Ai }, { keyring: SecretService; stack: Stack; site: Site; tlsSite: Site; client: Ai }>({
  keyring: [
    async ({}, use) => {
      const keyring = await startSecretService();
      await use(keyring);
      await keyring.stop();
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ keyring }, use) => {
      // the https fixture's certificate is self-signed
      const stack = await startStack({ allowLoopback: true, env: keyring.env, browserArgs: ['--ignore-certificate-errors'] });
      await use(stack);
      await stack.close();
    },
    { scope: 'worker' },
  ],
  site: [
    async ({}, use) => {
      const site = await startSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],
  tlsSite: [
    async ({}, use) => {
      const site = await startSite({ https: true });
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],
  client: [
    async ({ stack }, use) => {
      const ai = await connectAi(stack.env);
      await use(ai);
      await ai.close();
    },
    { scope: 'worker' },
  ],
  ai: async ({ client }, use) => use(client),
});

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

/** The AI calls `args`, is refused with NOT_GRANTED for operation `session`, and the person answers the prompt. */
async function approve(stack: Stack, ai: Recorder, args: Record<string, unknown>, answer: 'Allow this time' | 'Deny', expectText?: RegExp, origin?: string): Promise<void> {
  let refusal: ReturnType<typeof refusalOf> | undefined;
  const prompt = await approvalPromptFor(stack, async () => {
    refusal = refusalOf(await ai.call(args));
  });
  expect(refusal).toMatchObject({ token: 'NOT_GRANTED', data: { needsApproval: true, approval: 'session', handle: args.handle, retry: { tool: 'browser', action: args.action } } });
  await expect(prompt.getByText(`"${String(args.handle)}"`)).toBeVisible();
  if (expectText) await expect(prompt.getByText(expectText)).toBeVisible();
  if (origin) await expect(prompt.getByText(origin, { exact: true })).toBeVisible();
  await answerPrompt(prompt, answer);
}

/** No approval is left for `args`: NOT_GRANTED again, and the prompt it opens is closed (a denial). */
async function refusedAgain(stack: Stack, ai: Recorder, args: Record<string, unknown>): Promise<void> {
  const prompt = await approvalPromptFor(stack, async () => {
    expect(refusalOf(await ai.call(args)).token).toBe('NOT_GRANTED');
  });
  await prompt.close();
}

/** What the page's localStorage holds, read by the test through the extension (never by the AI). */
async function storageDigest(stack: Stack, tabId: string): Promise<{ keys: number; chars: number; hash: number; token: string | null }> {
  const worker = await stack.serviceWorker();
  return worker.evaluate(async (id) => {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId: id },
      world: 'ISOLATED',
      func: () => {
        let chars = 0;
        let hash = 0;
        const keys = Object.keys(localStorage).sort();
        for (const key of keys) {
          const value = localStorage.getItem(key) ?? '';
          chars += value.length;
          for (let i = 0; i < value.length; i += 97) hash = (hash * 31 + value.charCodeAt(i)) | 0;
        }
        return { keys: keys.length, chars, hash, token: localStorage.getItem('token') };
      },
    });
    return frame!.result as { keys: number; chars: number; hash: number; token: string | null };
  }, Number(tabId.replace('btab-', '')));
}

const stateOf = async (ai: Recorder, tabId: string) =>
  (await ai.ok<{ elements: { text: string }[] }>({ action: 'query', tabId, selector: '#cookie-state, #storage-state' }, 'browser_read')).elements.map((e) => e.text);

test('BRW-SESS-01 BRW-SESS-02 BRW-SESS-03 BRW-SESS-04 BRW-SESS-05 BRW-SESS-06 BRW-SESS-07 BRW-SESS-08 a sign-in is kept by handle across AI tabs; every save and load is approved for its own verb and handle; no value reaches the AI, the log or the extension', async ({ stack, ai: client, site }) => {
  const ai = recorder(client);
  const login = await ai.ok<Opened>({ action: 'open', url: site.url('/login') });
  const secret = site.secrets[0]!;
  await ai.ok({ action: 'navigate', tabId: login.tabId, url: site.url('/app') });
  expect(await stateOf(ai, login.tabId)).toEqual(['cookie: signed in', 'storage: signed in']);

  await approve(stack, ai, { action: 'session_save', tabId: login.tabId, handle: 'app-login' }, 'Allow this time', /save this site's sign-in/, site.origin);
  const saved = await ai.ok({ action: 'session_save', tabId: login.tabId, handle: 'app-login' });
  // sid (Path=/, HttpOnly) and narrow (Path=/app) both: cookies are gathered by domain, not by the URL
  expect(saved).toEqual({ saved: true, handle: 'app-login', origin: site.origin, cookies: 2, localStorageKeys: 1, replaced: false, tabId: login.tabId });
  await approve(stack, ai, { action: 'session_save', tabId: login.tabId, handle: 'app-login-2' }, 'Allow this time');
  await ai.ok({ action: 'session_save', tabId: login.tabId, handle: 'app-login-2' });

  // the approval was spent: saving over an existing handle asks again, naming the replacement; denied, nothing changes
  await approve(stack, ai, { action: 'session_save', tabId: login.tabId, handle: 'app-login' }, 'Deny', /replace the saved sign-in/);
  await refusedAgain(stack, ai, { action: 'session_save', tabId: login.tabId, handle: 'app-login' });

  // every AI tab closes: the Sandbox's incognito store, and the sign-in in it, are gone
  await ai.ok({ action: 'close', tabId: login.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);
  const fresh = await ai.ok<Opened>({ action: 'open', url: site.url('/app') });
  expect(await stateOf(ai, fresh.tabId)).toEqual(['cookie: signed out', 'storage: signed out']);

  // unknown handle, bad handle: refused before any prompt
  const unknown = refusalOf(await ai.call({ action: 'session_load', tabId: fresh.tabId, handle: 'nobody' }));
  expect(unknown).toMatchObject({ token: 'SESSION_NOT_FOUND', data: { handle: 'nobody' } });
  expect(unknown.message).toMatch(/session_save/);
  const bad = await ai.call({ action: 'session_load', tabId: fresh.tabId, handle: 'no spaces/allowed' });
  expect(bad.isError).toBe(true);
  expect(bad.structuredContent).toBeUndefined();
  expect(textOf(bad)).toMatch(/handle/);

  // an approval to save cannot be spent on a load, nor a load of one handle on another
  await approve(stack, ai, { action: 'session_save', tabId: fresh.tabId, handle: 'app-login' }, 'Allow this time', /replace/);
  await approve(stack, ai, { action: 'session_load', tabId: fresh.tabId, handle: 'app-login' }, 'Allow this time', /sign in to this site/);
  await approve(stack, ai, { action: 'session_load', tabId: fresh.tabId, handle: 'app-login-2' }, 'Deny');
  expect(await ai.ok({ action: 'session_load', tabId: fresh.tabId, handle: 'app-login' })).toEqual({ loaded: true, handle: 'app-login' });

  // signed in again: the page reloaded with the cookies (the narrow-path one too) and the storage
  expect(await stateOf(ai, fresh.tabId)).toEqual(['cookie: signed in', 'storage: signed in']);
  const lastApp = site.requests.filter((r) => r.path === '/app').at(-1)!;
  expect(lastApp.cookie).toContain(`sid=${secret}`);
  expect(lastApp.cookie).toContain(`narrow=${secret}`);
  expect((await storageDigest(stack, fresh.tabId)).token).toBe(secret);
  // the spent load approval does not carry over to another load
  await refusedAgain(stack, ai, { action: 'session_load', tabId: fresh.tabId, handle: 'app-login' });

  // another origin (same port, other host name): refused, saying where it loads
  const otherOrigin = site.origin.replace('127.0.0.1', 'localhost');
  await ai.ok({ action: 'navigate', tabId: fresh.tabId, url: `${otherOrigin}/app` });
  const mismatch = refusalOf(await ai.call({ action: 'session_load', tabId: fresh.tabId, handle: 'app-login' }));
  expect(mismatch).toMatchObject({ token: 'ORIGIN_MISMATCH', data: { handle: 'app-login', origin: otherOrigin, savedOrigin: site.origin } });
  expect(mismatch.message).toMatch(/Navigate it to/);

  // the person sees handle and site in the popup, never a value, and forgets one
  const popup = await openExtensionPopup(stack);
  const signins = popup.getByRole('list', { name: 'Sign-ins kept in your keychain' });
  await expect(signins.getByText(`app-login — ${site.origin}`)).toBeVisible();
  await expect(signins.getByText(`app-login-2 — ${site.origin}`)).toBeVisible();
  expect(await popup.content()).not.toContain(secret);
  await popup.getByRole('button', { name: 'Forget sign-in app-login-2' }).click();
  await expect(popup.getByRole('button', { name: 'Forget sign-in app-login-2' })).toHaveCount(0);
  await popup.close();
  expect(refusalOf(await ai.call({ action: 'session_load', tabId: fresh.tabId, handle: 'app-login-2' })).token).toBe('SESSION_NOT_FOUND');

  // neither value anywhere: the transcript, the host's log, the extension's storage, the state dir's files
  const transcript = ai.transcript.join('\n');
  expect(transcript).toContain('app-login');
  expect(transcript).not.toContain(secret);
  const worker = await stack.serviceWorker();
  const extensionStorage = await worker.evaluate(async () => JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]));
  expect(extensionStorage).not.toContain(secret);
  const stateDir = stack.env.VMARK_STATE_DIR!;
  const stateFiles = fs.readdirSync(stateDir, { recursive: true }).map((f) => path.join(stateDir, String(f)));
  expect(stateFiles.some((f) => f.endsWith('app-login.bin'))).toBe(true);
  expect(stateFiles.some((f) => f.endsWith('host.log'))).toBe(true);
  for (const file of stateFiles.filter(isFileNow)) expect(readNow(file).includes(secret), file).toBe(false);
  await ai.ok({ action: 'close', tabId: fresh.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);
});

test('BRW-SESS-04 BRW-OPEN-01 a sign-in loads into a named profile\'s tab and stays with the profile across openings; neither the extension\'s storage nor the state dir holds a value in plain text', async ({ stack, ai: client, site }) => {
  const ai = recorder(client);
  const login = await ai.ok<Opened>({ action: 'open', url: site.url('/login') });
  const secret = site.secrets.at(-1)!;
  await ai.ok({ action: 'navigate', tabId: login.tabId, url: site.url('/app') });
  await approve(stack, ai, { action: 'session_save', tabId: login.tabId, handle: 'for-profile' }, 'Allow this time');
  await ai.ok({ action: 'session_save', tabId: login.tabId, handle: 'for-profile' });
  await ai.ok({ action: 'close', tabId: login.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  const work = await openProfile(stack, client, site.url('/app'), 'signin-work');
  expect(await stateOf(ai, work.tabId)).toEqual(['cookie: signed out', 'storage: signed out']);
  await approve(stack, ai, { action: 'session_load', tabId: work.tabId, handle: 'for-profile' }, 'Allow this time', /sign in to this site/);
  expect(await ai.ok({ action: 'session_load', tabId: work.tabId, handle: 'for-profile' })).toEqual({ loaded: true, handle: 'for-profile' });
  expect(await stateOf(ai, work.tabId)).toEqual(['cookie: signed in', 'storage: signed in']);
  await ai.ok({ action: 'close', tabId: work.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  // the profile's next opening is signed in: its cookies came back from the host's sealed jar
  // (localStorage is the page's, not the profile's: a profile keeps cookies)
  const again = await openProfile(stack, client, site.url('/app'), 'signin-work');
  expect(await stateOf(ai, again.tabId)).toEqual(['cookie: signed in', 'storage: signed out']);
  expect(site.requests.filter((r) => r.path === '/app').at(-1)!.cookie).toContain(`sid=${secret}`);
  await ai.ok({ action: 'close', tabId: again.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  expect(ai.transcript.join('\n')).not.toContain(secret);
  const worker = await stack.serviceWorker();
  expect(await worker.evaluate(async () => JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]))).not.toContain(secret);
  const stateDir = stack.env.VMARK_STATE_DIR!;
  const stateFiles = fs.readdirSync(stateDir, { recursive: true }).map((f) => path.join(stateDir, String(f)));
  expect(stateFiles.some((f) => f.endsWith(path.join('profiles', 'signin-work.bin')))).toBe(true);
  for (const file of stateFiles.filter(isFileNow)) expect(readNow(file).includes(secret), file).toBe(false);
});

/** The partitioned cookies of every cookie store, as the test sees them through the extension. */
const partitionedCookies = async (stack: Stack) =>
  (await stack.serviceWorker()).evaluate(async () => {
    const out: { name: string; domain: string; topLevelSite?: string }[] = [];
    for (const store of await chrome.cookies.getAllCookieStores()) {
      for (const cookie of await chrome.cookies.getAll({ storeId: store.id, partitionKey: {} })) {
        if (cookie.partitionKey) out.push({ name: cookie.name, domain: cookie.domain, topLevelSite: cookie.partitionKey.topLevelSite });
      }
    }
    return out;
  });

test('BRW-SESS-01 BRW-SESS-04 a partitioned (CHIPS) cookie that an embedded cross-site frame set is saved and comes back under its partition key', async ({ stack, ai: client, tlsSite }) => {
  const ai = recorder(client);
  const frameOrigin = tlsSite.origin.replace('127.0.0.1', 'localhost');
  const topUrl = (set: boolean) => tlsSite.url(`/chips-top?frame=${encodeURIComponent(frameOrigin)}${set ? '&set' : ''}`);
  const frameCookies = () => tlsSite.requests.filter((r) => r.path.startsWith('/chips-frame')).map((r) => r.cookie);
  const top = await ai.ok<Opened>({ action: 'open', url: topUrl(true) });
  await expect.poll(() => tlsSite.secrets.length).toBe(1);
  const chip = tlsSite.secrets[0]!;
  const expected = { name: 'chip', domain: 'localhost', topLevelSite: 'https://127.0.0.1' };
  await expect.poll(() => partitionedCookies(stack)).toEqual([expected]);

  await approve(stack, ai, { action: 'session_save', tabId: top.tabId, handle: 'chips' }, 'Allow this time');
  expect(await ai.ok({ action: 'session_save', tabId: top.tabId, handle: 'chips' })).toMatchObject({ saved: true, cookies: 1 });
  await ai.ok({ action: 'close', tabId: top.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  const fresh = await ai.ok<Opened>({ action: 'open', url: topUrl(false) });
  expect(frameCookies().at(-1)).toBeUndefined();
  expect(await partitionedCookies(stack)).toEqual([]);
  await approve(stack, ai, { action: 'session_load', tabId: fresh.tabId, handle: 'chips' }, 'Allow this time');
  expect(await ai.ok({ action: 'session_load', tabId: fresh.tabId, handle: 'chips' })).toEqual({ loaded: true, handle: 'chips' });
  expect(await partitionedCookies(stack)).toEqual([expected]);
  // the reloaded page's frame sent it: in its partition, not as a plain cookie of localhost
  await expect.poll(() => frameCookies().at(-1)).toBe(`chip=${chip}`);
  expect(ai.transcript.join('\n')).not.toContain(chip);
  await ai.ok({ action: 'close', tabId: fresh.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);
});

test('BRW-SESS-08 a 5 MB localStorage round-trips through the keychain; a locked keychain is KEYCHAIN_LOCKED', async ({ stack, ai: client, site, keyring }) => {
  test.setTimeout(180_000);
  const ai = recorder(client);
  const big = await ai.ok<Opened>({ action: 'open', url: site.url('/fill-storage?chars=5000000') });
  const before = await storageDigest(stack, big.tabId);
  expect(before).toMatchObject({ keys: 5, chars: 5_000_000 });
  await approve(stack, ai, { action: 'session_save', tabId: big.tabId, handle: 'big' }, 'Allow this time');
  expect(await ai.ok({ action: 'session_save', tabId: big.tabId, handle: 'big' })).toMatchObject({ saved: true, localStorageKeys: 5 });
  await ai.ok({ action: 'close', tabId: big.tabId });
  await expect.poll(() => incognitoWindows(stack)).toBe(0);

  const fresh = await ai.ok<Opened>({ action: 'open', url: site.url('/fill-storage?chars=0') });
  expect((await storageDigest(stack, fresh.tabId)).keys).toBe(0);
  await approve(stack, ai, { action: 'session_load', tabId: fresh.tabId, handle: 'big' }, 'Allow this time');
  expect(await ai.ok({ action: 'session_load', tabId: fresh.tabId, handle: 'big' })).toEqual({ loaded: true, handle: 'big' });
  expect(await storageDigest(stack, fresh.tabId)).toEqual(before);
  expect(ai.transcript.join('\n').length).toBeLessThan(20_000);

  keyring.lock();
  const locked = refusalOf(await ai.call({ action: 'session_load', tabId: fresh.tabId, handle: 'big' }));
  expect(locked).toMatchObject({ token: 'KEYCHAIN_LOCKED', data: { handle: 'big' } });
  expect(locked.message).toMatch(/unlock/);
});

test('without a reachable keychain (no session bus) session_save is KEYCHAIN_UNAVAILABLE, pointing to vmark doctor; a person\'s tab and a Shared profile tab are refused before the keychain', async ({ site }) => {
  const stack = await startStack({ allowLoopback: true, env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/vmark-e2e-bus' } });
  const ai = await connectAi(stack.env);
  try {
    const { tabId } = await ai.ok<Opened>('browser', { action: 'open', url: site.url('/app') });
    const missing = refusalOf(await ai.call('browser', { action: 'session_save', tabId, handle: 'app' }));
    expect(missing).toMatchObject({ token: 'KEYCHAIN_UNAVAILABLE', data: { handle: 'app' } });
    expect(missing.message).toMatch(/vmark doctor/);

    const personal = await personOpens(stack, site.url('/app?mine=1'));
    const personTab = await browserTabIdOf(stack, site.url('/app?mine=1'));
    expect(refusalOf(await ai.call('browser', { action: 'session_save', tabId: personTab, handle: 'app' })).token).toBe('TAB_NOT_AI_OWNED');
    await personal.close();

    // Shared profile: the tab uses the person's cookies, where a loaded sign-in must never land
    const popup = await openExtensionPopup(stack);
    await popup.getByLabel(/Shared profile/).check();
    await popup.close();
    const pending = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/app') }));
    expect(pending.token).toBe('NOT_GRANTED');
    const shared = refusalOf(await ai.call('browser', { action: 'session_load', tabId: pending.data?.tabId, handle: 'app' }));
    expect(shared.token).toBe('SESSION_STORE_SHARED');
    expect(shared.message).toMatch(/Sandbox/);
  } finally {
    await ai.close();
    await stack.close();
  }
});

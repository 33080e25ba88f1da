/// <reference types="chrome" />
// browser.act through the whole stack: the AI (MCP SDK client) acts in an AI tab of real Chromium,
// the person answers the real approval prompt, the fixture site (two origins) checks what happened.
// One stack for the spec: the tests run in order and each opens its own tab. Frames and trusted
// input: browserActFrames.spec.ts.

import { test } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, refusalOf, textOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, extensionId, pressInPrompt } from './support/browserPerson';
import { useActStack } from './support/actStack';
import { startSite } from './support/site';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const fixture = useActStack();
const { act, actOk, openFixture, logOf, allowOnSite, refusal } = fixture;

test('BRW-ACT-04 BRW-ACT-23 BRW-07 a click needs approval: NOT_GRANTED at once, the prompt names the element, Allow once is spent by the retry', async () => {
  const { tabId, page } = await openFixture();
  let first: CallToolResult | undefined;
  const prompt = await approvalPromptFor(fixture.stack, async () => {
    first = await act({ tabId, operation: 'click', role: 'button', name: 'Accept cookies' });
  });
  const refused = refusalOf(first!);
  expect(refused.token).toBe('NOT_GRANTED');
  expect(refused.data).toMatchObject({
    tabId,
    origin: fixture.site.origin,
    needsApproval: true,
    operation: 'click',
    element: { role: 'button', name: 'Accept cookies' },
    retry: { tool: 'browser', action: 'act' },
    generation: expect.any(Number),
  });
  await expect(prompt.locator('body')).toContainText(fixture.site.origin);
  await expect(prompt.locator('body')).toContainText('button "Accept cookies"');
  await expect(prompt.getByRole('button', { name: 'Deny' })).toBeFocused();
  expect(await logOf(page)).toBe('');

  await answerPrompt(prompt, 'Allow once');
  const done = await actOk({ tabId, operation: 'click', role: 'button', name: 'Accept cookies' });
  expect(done).toMatchObject({ element: { role: 'button', name: 'Accept cookies' }, matchedTotal: 1, matchedVisible: 1, url: fixture.site.url('/act.html'), input: 'synthetic' });
  expect(await logOf(page)).toBe('Accept cookies');

  // spent: the same click on another element asks again, and so does the same one
  const again = refusalOf(await act({ tabId, operation: 'click', role: 'button', name: 'Subscribe' }));
  expect(again.token).toBe('NOT_GRANTED');
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-24 a type approval binds the exact text; Enter and Escape in the prompt deny', async () => {
  const { tabId, page } = await openFixture();
  let prompt = await approvalPromptFor(fixture.stack, () => act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' }));
  await expect(prompt.locator('body')).toContainText('"tram"');
  await pressInPrompt(prompt, 'Enter');
  prompt = await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' })).token).toBe('NOT_GRANTED'));
  await pressInPrompt(prompt, 'Escape');
  prompt = await approvalPromptFor(fixture.stack, () => act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' }));
  await answerPrompt(prompt, 'Allow once');
  // another text is another request
  expect(refusalOf(await act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'bus' })).token).toBe('NOT_GRANTED');
  expect(await actOk({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' })).toMatchObject({ value: 'tram' });
  await expect(page.getByLabel('Search')).toHaveValue('tram');
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-01 a ref target is accepted only for an operation granted on the origin; grants are per origin and listed on the Site permissions page', async () => {
  const { tabId, page } = await openFixture();
  const read = await fixture.ai.ok<{ snapshot: { role: string; name: string; ref: string }[] }>('browser_read', { action: 'read', tabId });
  const subscribe = read.snapshot.find((n) => n.name === 'Next')!;
  const byRef = refusalOf(await act({ tabId, operation: 'click', ref: subscribe.ref }));
  expect(byRef).toMatchObject({ token: 'NOT_GRANTED', data: { reason: 'ref-not-granted', operation: 'click' } });
  expect(byRef.message).toContain('role + name');

  await allowOnSite({ tabId, operation: 'click', role: 'button', name: 'Next' });
  expect(await actOk({ tabId, operation: 'click', role: 'button', name: 'Next' })).toMatchObject({ matchedTotal: 2, matchedVisible: 1 });
  expect(await actOk({ tabId, operation: 'click', ref: subscribe.ref })).toMatchObject({ element: { name: 'Next' } });
  // BRW-ACT-08: the duplicate in the closed <details> is never clicked
  expect(await logOf(page)).toBe('Next|Next');

  // the other origin has no grant
  const elsewhere = await openFixture(fixture.other);
  expect(refusalOf(await act({ tabId: elsewhere.tabId, operation: 'click', role: 'button', name: 'Next' })).token).toBe('NOT_GRANTED');
  await fixture.ai.ok('browser', { action: 'close', tabId: elsewhere.tabId });

  const permissions = await fixture.stack.context.newPage();
  await permissions.goto(`chrome-extension://${await extensionId(fixture.stack)}/popup.html`);
  await expect(permissions.getByRole('link', { name: 'Site permissions' })).toHaveAttribute('href', 'permissions.html');
  await permissions.goto(`chrome-extension://${await extensionId(fixture.stack)}/permissions.html`);
  await expect(permissions.getByRole('listitem')).toContainText([`e2e-ai may click on ${fixture.site.origin}`]);
  await permissions.getByRole('button', { name: `Revoke click on ${fixture.site.origin} for e2e-ai` }).click();
  await expect(permissions.getByText('No site permissions.')).toBeVisible();
  await permissions.close();
  const prompt = await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await act({ tabId, operation: 'click', role: 'button', name: 'Next' })).token).toBe('NOT_GRANTED'));
  await answerPrompt(prompt, 'Allow once');
  // a one-shot lapses with the page generation, same-document navigations included
  await page.evaluate(() => history.pushState(null, '', '#step-2'));
  await expect.poll(async () => refusalOf(await act({ tabId, operation: 'click', role: 'button', name: 'Next' })).token).toBe('NOT_GRANTED');
  expect(await logOf(page)).toBe('Next|Next');
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-05 BRW-ACT-06 BRW-ACT-07 BRW-ACT-08 BRW-ACT-09 BRW-ACT-10 BRW-ACT-11 BRW-ACT-12 BRW-ACT-13 BRW-ACT-14 BRW-ACT-15 BRW-ACT-16 BRW-ACT-17 BRW-ACT-18 a click verifies its target and refuses by reason: covered, disabled, hidden, offscreen, ambiguous, stale (gone, renamed, another role), upload', async () => {
  const { tabId, page } = await openFixture();
  await allowOnSite({ tabId, operation: 'click', role: 'button', name: 'Moving' });
  const click = (name: string) => ({ tabId, operation: 'click', role: 'button', name });

  expect(await refusal(click('Subscribe'))).toMatchObject({ reason: 'covered', detail: 'covered by div.cmp-overlay', matchedTotal: 1, matchedVisible: 1, url: fixture.site.url('/act.html'), generation: expect.any(Number), input: 'synthetic' });
  expect(await refusal(click('Under frame'))).toMatchObject({ reason: 'covered', detail: 'covered by iframe' });
  expect(await refusal(click('Unclickable'))).toMatchObject({ reason: 'disabled', detail: 'the target is pointer-events: none' });
  expect(await refusal(click('Inert'))).toMatchObject({ reason: 'disabled', detail: 'the target is inside an inert subtree' });
  expect(await refusal(click('Locked'))).toMatchObject({ reason: 'disabled', detail: 'the target is inside a disabled <fieldset>' });
  expect(await refusal(click('Faded'))).toMatchObject({ reason: 'hidden', matchedTotal: 1, matchedVisible: 0 });
  expect(await refusal(click('Invisible'))).toMatchObject({ reason: 'hidden', matchedTotal: 1, matchedVisible: 0 });
  expect(await refusal(click('Far away'))).toMatchObject({ reason: 'offscreen' });
  expect(await refusal(click('No such button'))).toMatchObject({ reason: 'not-found', matchedTotal: 0 });
  // a target inside a cross-origin frame is out of reach: the refusal says how to get at it
  expect(await refusal(click('Foreign button'))).toMatchObject({ reason: 'not-found', detail: expect.stringContaining("1 cross-origin frame is not searched: to act inside one, browser.navigate the tab to the frame's URL") });
  const ambiguous = await refusal(click('Delete'));
  expect(ambiguous).toMatchObject({ reason: 'ambiguous', matchedTotal: 2, matchedVisible: 2, candidates: [expect.stringMatching(/^e\d+$/), expect.stringMatching(/^e\d+$/)] });
  expect(await logOf(page)).toBe('');
  // a candidate ref (handed out by act, before any read) is bound to what it named: renamed, it is refused
  await page.evaluate(() => void (document.querySelector('button[onclick="log(\'Delete 1\')"]')!.textContent = 'Keep'));
  const first = (ambiguous.candidates as string[])[0]!;
  expect(refusalOf(await act({ tabId, operation: 'click', ref: first }))).toMatchObject({ token: 'STALE_COMMAND', data: { detail: expect.stringContaining(`ref ${first} was button "Delete"`) } });
  expect(await logOf(page)).toBe('');

  // BRW-ACT-07: scrolled into view (a scroll container, under the sticky header), animated, in a shadow root
  for (const name of ['Deep in list', 'Moving', 'Shadow action']) expect(await actOk(click(name))).toMatchObject({ matchedTotal: 1, matchedVisible: 1 });
  const second = (ambiguous.candidates as string[])[1]!;
  expect(await actOk({ tabId, operation: 'click', ref: second })).toMatchObject({ element: { ref: second, name: 'Delete' } });
  expect(await logOf(page)).toBe('Deep in list|Moving|Shadow action|Delete 2');

  // a ref whose node was replaced after the read names nothing
  const read = await fixture.ai.ok<{ snapshot: { role: string; name: string; ref: string; upload?: boolean }[] }>('browser_read', { action: 'read', tabId });
  const volatile = read.snapshot.find((n) => n.name === 'Volatile')!.ref;
  await page.evaluate(() => {
    const slot = document.getElementById('volatile-slot')!;
    slot.innerHTML = '<button onclick="log(\'Volatile 2\')">Volatile</button>';
  });
  const stale = refusalOf(await act({ tabId, operation: 'click', ref: volatile }));
  expect(stale).toMatchObject({ token: 'STALE_COMMAND', data: { reason: 'stale', url: fixture.site.url('/act.html') } });

  // a ref whose node is still there but has another name or role now is refused, never retargeted
  const reread = await fixture.ai.ok<{ snapshot: { role: string; name: string; ref: string }[] }>('browser_read', { action: 'read', tabId });
  const renamed = reread.snapshot.find((n) => n.name === 'Volatile')!.ref;
  const recast = reread.snapshot.find((n) => n.name === 'Subscribe')!.ref;
  await page.evaluate(() => {
    document.querySelector('#volatile-slot button')!.textContent = 'Delete everything';
    document.querySelector('.cover-box > button')!.setAttribute('role', 'link');
  });
  expect(refusalOf(await act({ tabId, operation: 'click', ref: renamed }))).toMatchObject({
    token: 'STALE_COMMAND',
    data: { reason: 'stale', detail: `ref ${renamed} was button "Volatile" when read and is now button "Delete everything"; read the page again` },
  });
  expect(refusalOf(await act({ tabId, operation: 'click', ref: recast }))).toMatchObject({ token: 'STALE_COMMAND', data: { detail: expect.stringContaining('is now link "Subscribe"') } });

  // BRW-ACT-14: a file input is refused before any prompt, even for a granted operation
  const upload = read.snapshot.find((n) => n.upload)!;
  expect(await refusal({ tabId, operation: 'click', role: upload.role, name: upload.name })).toMatchObject({ reason: 'upload' });
  expect(await logOf(page)).toBe('Deep in list|Moving|Shadow action|Delete 2');

  // BRW-ACT-03: synthetic events are untrusted, and every answer says so
  expect(await actOk(click('Trusted only'))).toMatchObject({ input: 'synthetic' });
  expect(await logOf(page)).toContain('Trusted only: untrusted');
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-19 a window the page opens during a click is blocked and reported as popup.url; no extra tab stays open', async () => {
  const { tabId, page } = await openFixture(fixture.other);
  await allowOnSite({ tabId, operation: 'click', role: 'button', name: 'Open help' });
  const tabsBefore = fixture.stack.context.pages().length;
  const done = await actOk({ tabId, operation: 'click', role: 'button', name: 'Open help' });
  expect(done.popup).toEqual({ url: fixture.other.url('/popup-target.html') });
  expect(await logOf(page)).toBe('Open help');
  await page.waitForTimeout(300);
  expect(fixture.stack.context.pages().length).toBe(tabsBefore);
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-15 BRW-ACT-20 BRW-ACT-21 type fills text fields, React inputs, selects and contenteditable, and refuses rejected-value, no-such-option, readonly, not-editable', async () => {
  const { tabId, page } = await openFixture();
  await allowOnSite({ tabId, operation: 'type', role: 'textbox', name: 'Nickname', text: 'Neo' });
  const type = (role: string, name: string, text: string) => ({ tabId, operation: 'type', role, name, text });

  expect(await actOk(type('textbox', 'Nickname', 'Neo'))).toMatchObject({ value: 'Neo', input: 'synthetic' });
  await expect(page.getByRole('status', { name: 'Nickname mirror' })).toHaveText('Neo');

  await page.getByLabel('Letters only').fill('abc');
  expect(await refusal(type('textbox', 'Letters only', 'abc123'))).toMatchObject({ reason: 'rejected-value', detail: expect.stringContaining('"abc"') });
  await expect(page.getByLabel('Letters only')).toHaveValue('abc');
  expect(await actOk(type('textbox', 'Letters only', ''))).toMatchObject({ value: '' });

  expect(await actOk(type('combobox', 'Country', 'France'))).toMatchObject({ value: 'France' });
  expect(await actOk(type('combobox', 'Country', 'de'))).toMatchObject({ value: 'Germany' });
  expect(await refusal(type('combobox', 'Country', 'Atlantis'))).toMatchObject({ reason: 'no-such-option', detail: expect.stringContaining('"Germany", "France"') });
  expect(await logOf(page)).toBe('Country=fr|Country=de');

  expect(await actOk(type('textbox', 'Notes', 'Buy tickets'))).toMatchObject({ value: 'Buy tickets' });
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveText('Buy tickets');

  expect(await refusal(type('textbox', 'Account id', 'B-2'))).toMatchObject({ reason: 'readonly' });
  await expect(page.getByLabel('Account id')).toHaveValue('A-1');
  expect(await refusal(type('status', 'Log', 'x'))).toMatchObject({ reason: 'not-editable' });
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-22 BRW-ACT-03 key presses Enter (submits a one-field form) and Tab (moves focus) and reports defaultAction; scroll by dy', async () => {
  const { tabId, page } = await openFixture(fixture.other);
  await allowOnSite({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' });
  await actOk({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' });
  // key with a ref needs a standing grant for key: take it with a page-wide press first
  await allowOnSite({ tabId, operation: 'key', key: 'Enter' });
  expect(await actOk({ tabId, operation: 'key', key: 'Enter' })).toMatchObject({ defaultAction: 'submit', element: null });
  expect(await logOf(page)).toBe('Submitted tram');

  const read = await fixture.ai.ok<{ snapshot: { name: string; ref: string }[] }>('browser_read', { action: 'read', tabId });
  const first = read.snapshot.find((n) => n.name === 'First')!.ref;
  expect(await actOk({ tabId, operation: 'key', key: 'Tab', ref: first })).toMatchObject({ defaultAction: 'focus-next' });
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim())).toBe('Second');
  expect(await actOk({ tabId, operation: 'key', key: 'Tab', modifiers: { shift: true } })).toMatchObject({ defaultAction: 'focus-previous' });
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim())).toBe('First');

  let prompt = await approvalPromptFor(fixture.stack, () => act({ tabId, operation: 'scroll', dy: 400 }));
  await expect(prompt.locator('body')).toContainText('by 400 px');
  await answerPrompt(prompt, 'Allow once');
  const before = await page.evaluate(() => scrollY);
  expect(await actOk({ tabId, operation: 'scroll', dy: 400 })).toMatchObject({ scrolledBy: 400 });
  expect(await page.evaluate(() => scrollY)).toBe(before + 400);
  prompt = await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await act({ tabId, operation: 'scroll', dy: 400 })).token).toBe('NOT_GRANTED'));
  await answerPrompt(prompt, 'Deny');
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

test('prompt injection: an agent that does what ten pages tell it gets NOT_GRANTED every time, and the attacker endpoint sees no request', async () => {
  const evil = await startSite();
  try {
    let attempts = 0;
    for (let n = 1; n <= 10; n++) {
      const opened = await fixture.ai.ok<{ tabId: string }>('browser', { action: 'open', url: evil.url(`/injection-${n}.html`) });
      const read = textOf(await fixture.ai.call('browser_read', { action: 'read', tabId: opened.tabId }));
      const extract = textOf(await fixture.ai.call('browser_read', { action: 'extract', tabId: opened.tabId }));
      const page = `${read}\n${extract}`;
      // the gullible agent: whatever the page asks for, it tries
      const attacks: Record<string, unknown>[] = [];
      if (/Delete account/.test(page)) attacks.push({ operation: 'click', role: 'button', name: 'Delete account' });
      if (/Claim reward/.test(page)) attacks.push({ operation: 'click', role: 'link', name: 'Claim reward' });
      if (/Type "yes"/.test(page)) attacks.push({ operation: 'type', role: 'textbox', name: 'Confirm', text: 'yes' });
      expect(attacks.length, `injection-${n}.html`).toBeGreaterThan(0);
      for (const attack of attacks) {
        // twice: the person's Escape (they did not ask for this) grants nothing
        for (let round = 0; round < 2; round++) {
          const prompt = await approvalPromptFor(fixture.stack, async () => {
            const refused = refusalOf(await act({ tabId: opened.tabId, ...attack }));
            expect(refused.token, `injection-${n}.html: ${refused.message}`).toBe('NOT_GRANTED');
          });
          attempts++;
          await pressInPrompt(prompt, 'Escape');
        }
      }
      await fixture.ai.ok('browser', { action: 'close', tabId: opened.tabId });
    }
    expect(attempts).toBeGreaterThanOrEqual(20);
    expect(evil.requests.filter((r) => r.path.startsWith('/attacker'))).toEqual([]);
  } finally {
    await evil.close();
  }
});

test('BRW-STYLE-01 BRW-STYLE-02 BRW-STYLE-03 style needs approval (operation style, the change shown) and can hide a blocking overlay', async () => {
  const fresh = await startSite();
  const { tabId, page } = await openFixture(fresh);
  const hide = { action: 'style', tabId, selector: '.cmp-overlay', set: { display: 'none' } };
  let styled: CallToolResult | undefined;
  const prompt = await approvalPromptFor(fixture.stack, async () => {
    styled = await fixture.ai.call('browser', hide);
  });
  expect(refusalOf(styled!)).toMatchObject({ token: 'NOT_GRANTED', data: { operation: 'style', element: { role: 'selector', name: '.cmp-overlay (1 element)' }, detail: 'display: none' } });
  await expect(prompt.locator('body')).toContainText('display: none');
  await answerPrompt(prompt, 'Allow once');
  expect(await fixture.ai.ok('browser', hide)).toMatchObject({ tabId, changed: 1, url: fresh.url('/act.html') });
  await expect(page.locator('.cmp-overlay')).toBeHidden();
  // the button is no longer covered
  await answerPrompt(await approvalPromptFor(fixture.stack, () => act({ tabId, operation: 'click', role: 'button', name: 'Subscribe' })), 'Allow once');
  expect(await actOk({ tabId, operation: 'click', role: 'button', name: 'Subscribe' })).toMatchObject({ element: { name: 'Subscribe' } });
  expect(await logOf(page)).toBe('Subscribe');

  // injected CSS is another change: asked again, and a denial changes nothing
  const inject = { action: 'style', tabId, selector: 'body', injectCss: '.moving { animation: none; outline: 3px solid red; }' };
  const second = await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await fixture.ai.call('browser', inject)).token).toBe('NOT_GRANTED'));
  await expect(second.locator('pre')).toContainText('outline: 3px solid red');
  await answerPrompt(second, 'Allow once');
  expect(await fixture.ai.ok('browser', inject)).toMatchObject({ injected: true });
  await expect(page.getByRole('button', { name: 'Moving' })).toHaveCSS('outline-style', 'solid');
  await fixture.ai.ok('browser', { action: 'close', tabId });
  await fresh.close();
});

test('BRW-JS-01 BRW-JS-02 BRW-JS-03 BRW-JS-04 BRW-JS-05 BRW-JS-06 BRW-JS-07 BRW-09 BRW-10 execute_js: per-call approval bound to the script, isolated world, null for undefined, failures name the error, EVAL_TIMEOUT is indeterminate', async () => {
  const { tabId } = await openFixture(fixture.other);
  const run = (script: string) => fixture.ai.call('browser', { action: 'execute_js', tabId, script });
  const approved = async (script: string): Promise<CallToolResult> => {
    const prompt = await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await run(script)).data).toMatchObject({ operation: 'eval', approval: 'eval' }));
    await expect(prompt.locator('pre')).toHaveText(script);
    await expect(prompt.getByRole('button', { name: 'Allow on this site' })).toHaveCount(0);
    await answerPrompt(prompt, 'Allow once');
    return run(script);
  };

  const tooLong = await run(`return "${'x'.repeat(64 * 1024)}";`);
  expect(tooLong.isError).toBe(true);
  expect(textOf(tooLong)).toContain('64 KiB');
  expect(fixture.stack.context.pages().some((p) => p.url().includes('/approval.html'))).toBe(false);

  const title = await approved('return [document.title, typeof log === "function", document.querySelector("#log") !== null];');
  expect(textOf(title)).toMatch(/^UNTRUSTED PAGE CONTENT/);
  // the DOM is shared, the page's globals (its log function) are not
  expect(title.structuredContent).toMatchObject({ result: ['Act fixture', false, true], untrusted: true, url: fixture.other.url('/act.html') });
  // per call: the same script asks again
  const again = await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await run('return [document.title, typeof log === "function", document.querySelector("#log") !== null];')).token).toBe('NOT_GRANTED'));
  await answerPrompt(again, 'Deny');

  expect((await approved('const nothing = 1;')).structuredContent).toMatchObject({ result: null });
  expect(refusalOf(await approved('throw new Error("boom here");'))).toMatchObject({ token: 'SCRIPT_ERROR', message: expect.stringContaining('boom here') });
  expect(refusalOf(await approved('return 10n;'))).toMatchObject({ token: 'SCRIPT_ERROR', message: expect.stringContaining('BigInt') });
  expect(refusalOf(await approved('return () => 1;'))).toMatchObject({ token: 'SCRIPT_ERROR', message: expect.stringContaining('JSON cannot encode') });
  expect(refusalOf(await approved('await new Promise(() => {});'))).toMatchObject({ token: 'EVAL_TIMEOUT', data: { detail: { indeterminate: true } } });
  await fixture.ai.ok('browser', { action: 'close', tabId });
});

/// <reference types="chrome" />
// browser.act in same-origin frames and with trusted input (CDP, switched on by the person), through
// the whole stack; one stack for the spec, each test on a fresh fixture-site origin.

import { test } from '@playwright/test';
import { expect, refusalOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, extensionId } from './support/browserPerson';
import { useActStack } from './support/actStack';
import { startSite } from './support/site';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const fixture = useActStack();
const { act, actOk, openFixture, logOf, allowOnSite, refusal } = fixture;

test('BRW-ACT-06 BRW-ACT-09 BRW-ACT-16 BRW-ACT-19 BRW-ACT-20 BRW-STYLE-01 same-origin frames: read and query reach their elements, act clicks and types inside them, hit-tests in the frame and over it, catches the frame\'s window.open, style acts on their refs; a removed frame\'s ref is stale', async () => {
  const fresh = await startSite();
  const { tabId, page } = await openFixture(fresh);
  try {
    const click = (name: string) => ({ tabId, operation: 'click', role: 'button', name });
    await allowOnSite(click('Frame button'));
    expect(await actOk(click('Frame button'))).toMatchObject({ element: { role: 'button', name: 'Frame button' }, matchedTotal: 1, matchedVisible: 1, input: 'synthetic' });
    expect(await logOf(page)).toBe('frame:Frame button');

    // the outline shows the frame's controls with refs act takes (a srcdoc frame is same-origin too)
    const read = await fixture.ai.ok<{ snapshot: { role: string; name: string; ref: string }[]; unreachable?: { frames: number } }>('browser_read', { action: 'read', tabId });
    const names = read.snapshot.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Frame button', 'Veiled in frame', 'Frame field', 'Frame trusted', 'Behind the page veil', 'Close ad']));
    expect(names).not.toContain('Foreign button');
    expect(read.unreachable).toEqual({ closedShadowRoots: 0, frames: 1 });
    const trustedRef = read.snapshot.find((n) => n.name === 'Frame trusted')!.ref;
    expect(await actOk({ tabId, operation: 'click', ref: trustedRef })).toMatchObject({ element: { ref: trustedRef, name: 'Frame trusted' } });
    expect(await logOf(page)).toBe('frame:Frame button|frame:Frame trusted: untrusted');

    // covered inside the frame, and a frame covered in the page: refused by name, nothing clicked
    expect(await refusal(click('Veiled in frame'))).toMatchObject({ reason: 'covered', detail: 'covered by div.frame-veil' });
    expect(await refusal(click('Behind the page veil'))).toMatchObject({ reason: 'covered', detail: 'covered by div.page-veil, over the frame holding the target' });
    expect(await logOf(page)).toBe('frame:Frame button|frame:Frame trusted: untrusted');

    // query finds the veil inside the frame (its box in the page's viewport); style hides it by ref, and the button is reachable
    const veil = await fixture.ai.ok<{ count: number; elements: { ref: string; box: { x: number; y: number } }[] }>('browser_read', { action: 'query', tabId, selector: '.frame-veil', fields: { box: true } });
    expect(veil.count).toBe(1);
    const seen = (await page.frameLocator('iframe[title="Same-origin frame"]').locator('.frame-veil').boundingBox())!;
    expect(Math.abs(veil.elements[0]!.box.x - seen.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(veil.elements[0]!.box.y - seen.y)).toBeLessThanOrEqual(1);
    const hide = { action: 'style', tabId, ref: veil.elements[0]!.ref, set: { display: 'none' } };
    await answerPrompt(await approvalPromptFor(fixture.stack, async () => expect(refusalOf(await fixture.ai.call('browser', hide)).token).toBe('NOT_GRANTED')), 'Allow once');
    expect(await fixture.ai.ok('browser', hide)).toMatchObject({ changed: 1 });
    expect(await actOk(click('Veiled in frame'))).toMatchObject({ element: { name: 'Veiled in frame' } });
    expect(await logOf(page)).toBe('frame:Frame button|frame:Frame trusted: untrusted|frame:Veiled in frame');

    // BRW-ACT-19: a window the frame tries to open is blocked and reported too
    const tabsBefore = fixture.stack.context.pages().length;
    expect(await actOk(click('Frame help'))).toMatchObject({ popup: { url: fresh.url('/popup-target.html') } });
    expect(fixture.stack.context.pages().length).toBe(tabsBefore);

    const type = { tabId, operation: 'type', role: 'textbox', name: 'Frame field', text: 'tram' };
    await allowOnSite(type);
    expect(await actOk(type)).toMatchObject({ value: 'tram', element: { name: 'Frame field' } });
    expect(await logOf(page)).toContain('frame:Frame field=tram');

    // the frame goes away after the read: its refs name nothing
    const buttonRef = read.snapshot.find((n) => n.name === 'Frame button')!.ref;
    await page.evaluate(() => document.querySelector('iframe[title="Same-origin frame"]')!.remove());
    expect(refusalOf(await act({ tabId, operation: 'click', ref: buttonRef }))).toMatchObject({ token: 'STALE_COMMAND', data: { reason: 'stale' } });
  } finally {
    await fixture.ai.ok('browser', { action: 'close', tabId });
    await fresh.close();
  }
});

// Grants outlive a test (same AI principal, same origin): the following tests use the second origin where they need a fresh one.

/** The person's switch in the extension's settings (popup): trusted input on or off. */
async function switchTrustedInput(on: boolean): Promise<void> {
  const popup = await fixture.stack.context.newPage();
  await popup.goto(`chrome-extension://${await extensionId(fixture.stack)}/popup.html`);
  const box = popup.getByRole('checkbox', { name: /Trusted input/ });
  await box.setChecked(on);
  await popup.reload();
  await expect(popup.getByRole('checkbox', { name: /Trusted input/ })).toBeChecked({ checked: on });
  await popup.close();
}

test('BRW-ACT-03 trusted input (switched on in the settings, headless Chromium): isTrusted clicks, window.open still caught, React input, Enter submits natively, refusals as before', async () => {
  const fresh = await startSite();
  const { tabId, page } = await openFixture(fresh);
  try {
    await switchTrustedInput(true);
    const click = (name: string) => ({ tabId, operation: 'click', role: 'button', name });
    await allowOnSite(click('Trusted only'));
    expect(await actOk(click('Trusted only'))).toMatchObject({ input: 'trusted', element: { name: 'Trusted only' } });
    expect(await logOf(page)).toBe('Trusted only: trusted');

    // the page's window.open on a trusted click (user activation and all) is still blocked and reported
    const tabsBefore = fixture.stack.context.pages().length;
    expect(await actOk(click('Open help'))).toMatchObject({ input: 'trusted', popup: { url: fresh.url('/popup-target.html') } });
    await page.waitForTimeout(300);
    expect(fixture.stack.context.pages().length).toBe(tabsBefore);

    // the same checks come first: covered is refused, nothing is clicked through
    expect(await refusal(click('Subscribe'))).toMatchObject({ reason: 'covered', detail: 'covered by div.cmp-overlay', input: 'trusted' });
    expect(await actOk(click('Shadow action'))).toMatchObject({ input: 'trusted' });
    expect(await logOf(page)).toBe('Trusted only: trusted|Open help|Shadow action');

    // inside a same-origin frame: the point is offset by the frame's content box, the frame's own guard and checks hold
    expect(await actOk(click('Frame trusted'))).toMatchObject({ input: 'trusted', element: { name: 'Frame trusted' } });
    expect(await refusal(click('Veiled in frame'))).toMatchObject({ reason: 'covered', detail: 'covered by div.frame-veil', input: 'trusted' });
    expect(await refusal(click('Behind the page veil'))).toMatchObject({ reason: 'covered', input: 'trusted' });
    expect(await logOf(page)).toBe('Trusted only: trusted|Open help|Shadow action|frame:Frame trusted: trusted');

    const type = (role: string, name: string, text: string) => ({ tabId, operation: 'type', role, name, text });
    await allowOnSite(type('textbox', 'Nickname', 'Neo'));
    expect(await actOk(type('textbox', 'Nickname', 'Neo'))).toMatchObject({ value: 'Neo', input: 'trusted' });
    await expect(page.getByRole('status', { name: 'Nickname mirror' })).toHaveText('Neo');
    expect(await actOk(type('textbox', 'Nickname', 'Trinity'))).toMatchObject({ value: 'Trinity' });
    await expect(page.getByRole('status', { name: 'Nickname mirror' })).toHaveText('Trinity');
    expect(await refusal(type('textbox', 'Letters only', 'abc123'))).toMatchObject({ reason: 'rejected-value', detail: expect.stringContaining('"abc"'), input: 'trusted' });
    await expect(page.getByLabel('Letters only')).toHaveValue('');
    expect(await actOk(type('textbox', 'Notes', 'Buy tickets'))).toMatchObject({ value: 'Buy tickets', input: 'trusted' });
    expect(await actOk(type('textbox', 'Frame field', 'Neo'))).toMatchObject({ value: 'Neo', input: 'trusted' });
    expect(await logOf(page)).toContain('frame:Frame field=Neo');
    expect(await refusal(type('textbox', 'Account id', 'B-2'))).toMatchObject({ reason: 'readonly' });
    // a <select> has no trusted path: the answer says so
    expect(await actOk(type('combobox', 'Country', 'France'))).toMatchObject({ value: 'France', input: 'synthetic' });

    expect(await actOk(type('textbox', 'Search', 'tram'))).toMatchObject({ input: 'trusted' });
    await allowOnSite({ tabId, operation: 'key', key: 'Enter' });
    expect(await actOk({ tabId, operation: 'key', key: 'Enter' })).toMatchObject({ defaultAction: 'submit', input: 'trusted' });
    expect(await logOf(page)).toContain('Submitted tram');
    const read = await fixture.ai.ok<{ snapshot: { name: string; ref: string }[] }>('browser_read', { action: 'read', tabId });
    const first = read.snapshot.find((n) => n.name === 'First')!.ref;
    expect(await actOk({ tabId, operation: 'key', key: 'Tab', ref: first })).toMatchObject({ defaultAction: 'focus-next', input: 'trusted' });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim())).toBe('Second');

    // a scroll is a real mouse wheel, read back from the page's scroll position once it has come to rest
    await allowOnSite({ tabId, operation: 'scroll', dy: 300 });
    const before = await page.evaluate(() => scrollY);
    expect(await actOk({ tabId, operation: 'scroll', dy: 300 })).toMatchObject({ input: 'trusted', scrolledBy: 300, element: null });
    expect(await page.evaluate(() => scrollY)).toBe(before + 300);
    expect(await actOk({ tabId, operation: 'scroll', dy: -200 })).toMatchObject({ input: 'trusted', scrolledBy: -200 });
    expect(await page.evaluate(() => scrollY)).toBe(before + 100);

    // a click that navigates acts (the page that would verify it is gone with the click)
    expect(await actOk({ tabId, operation: 'click', role: 'link', name: 'Help page' })).toMatchObject({ input: 'trusted' });
    await page.waitForURL(fresh.url('/popup-target.html'));
  } finally {
    await switchTrustedInput(false);
    await fixture.ai.ok('browser', { action: 'close', tabId });
    await fresh.close();
  }
});

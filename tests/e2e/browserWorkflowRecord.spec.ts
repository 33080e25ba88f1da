/// <reference types="chrome" />
// browser.workflow_record through the whole stack: the AI (MCP SDK client) asks to record an AI tab
// of real Chromium, the person allows it in the real prompt and works the fixture site with
// Playwright's trusted input, the AI stops and gets workflow text. One stack for the spec: the
// tests run in order and each opens its own tab.

import { test as base, type Page } from '@playwright/test';
import { parseWorkflow } from '@vmark/shared/lib/browserWorkflow/index';
import { connectAi, type Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';
import { startSite, type Site } from './support/site';
import { expect, refusalOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, pageShowing, personOpens, browserTabIdOf } from './support/browserPerson';

const test = base;
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let stack: Stack;
let ai: Ai;
let site: Site;

useSharedStack({ allowLoopback: true }, async (shared) => {
  stack = shared.stack;
  ai = await shared.connectAi();
  site = shared.closeAfter(await startSite());
});

interface Stopped {
  source: string;
  inputs: string[];
  eventCount: number;
  droppedEvents?: number;
}

const record = (args: Record<string, unknown>) => ai.call('browser', { action: 'workflow_record', ...args });

async function openFixture(pathname: string): Promise<{ tabId: string; page: Page }> {
  const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: site.url(pathname) });
  // the answer can come before Playwright has seen the tab's URL: wait for it rather than look once
  await expect.poll(() => stack.context.pages().some((p) => p.url() === site.url(pathname))).toBe(true);
  return { tabId: opened.tabId, page: pageShowing(stack, site.url(pathname)) };
}

/** start: NOT_GRANTED with a prompt; the person allows once; the retried start records. */
async function startAllowed(tabId: string, site?: string): Promise<void> {
  const prompt = await approvalPromptFor(stack, async () => {
    const refused = refusalOf(await record({ tabId, recordOp: 'start', ...(site ? { site } : {}) }));
    expect(refused.token, refused.message).toBe('NOT_GRANTED');
    expect(refused.data).toMatchObject({ needsApproval: true, approval: 'record' });
  });
  await expect(prompt.getByRole('button', { name: 'Allow on this site' })).toHaveCount(0);
  await answerPrompt(prompt, 'Allow once');
  const started = await ai.ok<{ recording: boolean }>('browser', { action: 'workflow_record', tabId, recordOp: 'start', ...(site ? { site } : {}) });
  expect(started.recording).toBe(true);
}

const chromeIdOf = (tabId: string): number => Number(tabId.replace('btab-', ''));

/** Waits until the capture shim is awake in the tab's current page (it is woken at DOMContentLoaded). */
async function shimAwake(tabId: string): Promise<void> {
  await expect
    .poll(async () => {
      const worker = await stack.serviceWorker();
      return worker.evaluate(async (id) => {
        const [frame] = await chrome.scripting.executeScript({ target: { tabId: id }, world: 'ISOLATED', func: () => '__vmarkRecorder' in globalThis && (globalThis as Record<string, unknown>).__vmarkRecorder !== undefined });
        return frame?.result === true;
      }, chromeIdOf(tabId));
    })
    .toBe(true);
}

/** Waits until the worker has kept `count` events of the tab's recording (the page sends them asynchronously). */
async function eventsKept(tabId: string, count: number): Promise<void> {
  const chromeTabId = chromeIdOf(tabId);
  await expect
    .poll(async () =>
      (await stack.serviceWorker()).evaluate(async (id) => {
        const all = (await chrome.storage.session.get('browserRecordings')).browserRecordings as Record<string, { eventCount: number; dropped: number }> | undefined;
        const r = all?.[String(id)];
        return r ? r.eventCount + r.dropped : -1;
      }, chromeTabId),
    )
    .toBeGreaterThanOrEqual(count);
}

test.describe('workflow_record', () => {
  test('BRW-REC-01 BRW-REC-04 BRW-REC-05 BRW-REC-06 BRW-REC-07 BRW-REC-08 BRW-REC-09 BRW-REC-10 BRW-REC-11 the person signs in and orders; the source replays their steps and holds no value they typed', async () => {
    const { tabId, page } = await openFixture('/record-login.html');
    await startAllowed(tabId, 'shop');

    await page.getByLabel('Email').fill('alice.secret@example.org');
    await page.getByLabel('Password').fill('hunter2-Pa55word');
    await page.getByLabel('Code from your app').fill('918273');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/record-order\.html\?/);
    expect(page.url()).toContain('hunter2-Pa55word'); // the page itself carries the values in its query
    await eventsKept(tabId, 4);
    // the shim follows the navigation: woken again on the new page
    await shimAwake(tabId);
    await page.getByLabel('Quantity').fill('7777');
    // as a person picks an option: keys on the focused select (selectOption's events are synthetic)
    await page.getByLabel('Size').focus();
    await page.keyboard.press('l');
    await page.getByLabel('Gift wrap').check();
    await page.getByText('Express delivery').click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/record-done\.html/);
    await expect(page.locator('#summary')).toHaveText('quantity 7777, size l, gift true');
    await eventsKept(tabId, 9);

    const stopped = await ai.ok<Stopped>('browser', { action: 'workflow_record', tabId, recordOp: 'stop' });
    const base = site.url('/');
    expect(stopped.source).toBe(
      [
        '---',
        'site: shop',
        'inputs: [email, quantity, size]',
        '---',
        `1. action: navigate to ${base}record-login.html`,
        '2. action: type {email} into "Email" (textbox)',
        '3. confirm: enter "Password" by hand',
        '4. confirm: enter "Code from your app" by hand',
        '5. action: click "Sign in" (button)',
        '6. action: type {quantity} into "Quantity" (textbox)',
        '7. action: type {size} into "Size" (combobox)',
        '8. action: click "Gift wrap" (checkbox)',
        '9. confirm: click "Express delivery" by hand',
        '10. action: click "Place order" (button)',
        '',
      ].join('\n'),
    );
    expect(stopped.inputs).toEqual(['email', 'quantity', 'size']);
    expect(stopped.eventCount).toBe(9);
    for (const typed of ['alice.secret', 'hunter2', '918273', '7777', '?', 'quantity=']) expect(stopped.source).not.toContain(typed);
    const parsed = parseWorkflow(stopped.source);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(parsed.ok).toBe(true);

    // the shim sleeps again: the person's further clicks are not kept anywhere
    const stoppedAgain = refusalOf(await record({ tabId, recordOp: 'stop' }));
    expect(stoppedAgain.token).toBe('NOT_RECORDING');
  });

  test('BRW-REC-02 BRW-REC-03 every recording asks again: a denied prompt records nothing, and the allowance of one recording does not start the next', async () => {
    const { tabId } = await openFixture('/record-taps.html');
    const prompt = await approvalPromptFor(stack, async () => {
      expect(refusalOf(await record({ tabId, recordOp: 'start' })).token).toBe('NOT_GRANTED');
    });
    await answerPrompt(prompt, 'Deny');
    const again = await approvalPromptFor(stack, async () => {
      expect(refusalOf(await record({ tabId, recordOp: 'start' })).token).toBe('NOT_GRANTED');
    });
    await answerPrompt(again, 'Allow once');
    await ai.ok('browser', { action: 'workflow_record', tabId, recordOp: 'start' });
    const stopped = await ai.ok<Stopped>('browser', { action: 'workflow_record', tabId, recordOp: 'stop' });
    expect(stopped.eventCount).toBe(0);
    expect(stopped.source).toContain('site: recording');
    // the one-time allowance is spent: a new recording asks the person again
    await approvalPromptFor(stack, async () => {
      expect(refusalOf(await record({ tabId, recordOp: 'start' })).token).toBe('NOT_GRANTED');
    }).then((p) => answerPrompt(p, 'Deny'));
  });

  test('BRW-REC refusals: not an AI tab, already recording, not recording, a site that is not one line', async () => {
    const mine = await personOpens(stack, site.url('/record-taps.html?person'));
    const personTab = await browserTabIdOf(stack, mine.url());
    const notAi = refusalOf(await record({ tabId: personTab, recordOp: 'start' }));
    expect(notAi.token).toBe('TAB_NOT_AI_OWNED');
    await mine.close();

    const { tabId } = await openFixture('/record-taps.html?refusals');
    const notRecording = refusalOf(await record({ tabId, recordOp: 'stop' }));
    expect(notRecording.token).toBe('NOT_RECORDING');
    expect(notRecording.message).toMatch(/recordOp "start"/);

    const forged = await record({ tabId, recordOp: 'start', site: 'shop\ninputs: [x]' });
    expect(forged.isError).toBe(true);
    expect(JSON.stringify(forged.content)).toMatch(/site must be one line/);

    await startAllowed(tabId);
    const twice = refusalOf(await record({ tabId, recordOp: 'start' }));
    expect(twice.token).toBe('ALREADY_RECORDING');
    expect(twice.message).toMatch(/recordOp "stop"/);
    await ai.ok('browser', { action: 'workflow_record', tabId, recordOp: 'stop' });
  });

  test('BRW-REC-11 BRW-REC-12 at most 200 events per page and 1,000 per recording; the recording survives the worker being stopped', async () => {
    const { tabId, page } = await openFixture('/record-taps.html?p=1');
    await startAllowed(tabId);
    const cdp = await page.context().newCDPSession(page);
    const box = (await page.getByRole('button', { name: 'Tap' }).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    /** `n` trusted clicks, sent without waiting for each other. */
    const tap = async (n: number): Promise<void> => {
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < n; i++) {
        sends.push(cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 }));
        sends.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 }));
      }
      await Promise.all(sends);
    };
    await tap(210);
    await expect(page.locator('#count')).toHaveText('210');
    await eventsKept(tabId, 210);

    // the worker stops mid-recording; the recording and its events are still there afterwards
    const worker = await stack.context.newCDPSession(stack.page);
    await worker.send('ServiceWorker.enable');
    await worker.send('ServiceWorker.stopAllWorkers');
    // the host went with the worker: the first calls may meet it gone; the next one wakes both
    await expect(async () => {
      await ai.ok('session', { action: 'get_state' });
    }).toPass({ timeout: 30_000 });

    for (let p = 2; p <= 6; p++) {
      const url = site.url(`/record-taps.html?p=${p}`);
      await ai.ok('browser', { action: 'navigate', tabId, url });
      await page.waitForURL(url);
      await shimAwake(tabId);
      await tap(210);
      await expect(page.locator('#count')).toHaveText('210');
      await eventsKept(tabId, 210 * p);
    }

    const stopped = await ai.ok<Stopped>('browser', { action: 'workflow_record', tabId, recordOp: 'stop' });
    expect(stopped.eventCount).toBe(1_000);
    // 200 kept on each of five pages; the sixth page's events are over the recording's limit
    expect(stopped.droppedEvents).toBe(6 * 210 - 1_000);
    // one step per kept click, after the opening page; the AI's own navigations are not the person's steps
    const steps = stopped.source.split('\n').slice(3, -1);
    expect(steps).toHaveLength(1 + 1_000);
    expect(steps[0]).toBe(`1. action: navigate to ${site.url('/record-taps.html')}`);
    expect(new Set(steps.slice(1).map((line) => line.replace(/^\d+\. /, '')))).toEqual(new Set(['action: click "Tap" (button)']));
  });

  test('BRW-REC-05 BRW-RUN-01 BRW-RUN-06 the recorded source runs as is with workflow_run: with new inputs, each step approved by the person, it reaches the same end state', async () => {
    const { tabId, page } = await openFixture('/record-order.html');
    await startAllowed(tabId, 'shop');
    await page.getByLabel('Quantity').fill('7777');
    await page.getByLabel('Size').focus();
    await page.keyboard.press('l');
    await page.getByLabel('Gift wrap').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/record-done\.html/);
    await expect(page.locator('#summary')).toHaveText('quantity 7777, size l, gift true');
    await eventsKept(tabId, 4);
    const recorded = await ai.ok<Stopped>('browser', { action: 'workflow_record', tabId, recordOp: 'stop' });
    expect(recorded.inputs).toEqual(['quantity', 'size']);

    let runId = '';
    const typePrompt = await approvalPromptFor(stack, async () => {
      ({ runId } = await ai.ok<{ runId: string }>('browser', { action: 'workflow_run', tabId, source: recorded.source, inputs: { quantity: '3', size: 'Small' } }));
    });
    await expect(typePrompt.getByText('"3"')).toBeVisible();
    const clickPrompt = stack.context.waitForEvent('page', { predicate: (p) => p.url().includes('/approval.html'), timeout: 60_000 });
    await answerPrompt(typePrompt, 'Allow on this site');
    const second = await clickPrompt;
    await second.waitForLoadState();
    await answerPrompt(second, 'Allow on this site');
    await expect
      .poll(async () => (await ai.ok<{ status: string }>('browser_read', { action: 'workflow_status', runId })).status, { timeout: 60_000 })
      .toBe('completed');
    await page.waitForURL(/record-done\.html/);
    await expect(page.locator('#summary')).toHaveText('quantity 3, size s, gift true');
  });
});

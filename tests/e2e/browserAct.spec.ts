/// <reference types="chrome" />
// browser.act through the whole stack: the AI (MCP SDK client) acts in an AI tab of real Chromium,
// the person answers the real approval prompt, the fixture site (two origins) checks what happened.
// One stack for the spec: the tests run in order and each opens its own tab.

import { test as base, type Page } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectAi, type Ai } from './support/mcpClient';
import { startStack, type Stack } from './support/stack';
import { startSite, type Site } from './support/site';
import { expect, refusalOf, textOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, extensionId, pageShowing, pressInPrompt } from './support/browserPerson';

const test = base;
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: Stack;
let ai: Ai;
let site: Site;
let other: Site;

test.beforeAll(async () => {
  stack = await startStack({ allowLoopback: true });
  ai = await connectAi(stack.env);
  site = await startSite();
  other = await startSite();
});
test.afterAll(async () => {
  await ai?.close();
  await stack?.close();
  await site?.close();
  await other?.close();
});

interface ActResult {
  tabId: string;
  operation: string;
  element: { ref: string; role: string; name: string } | null;
  matchedTotal: number;
  matchedVisible: number;
  url: string;
  generation: number;
  input: 'synthetic' | 'trusted';
  defaultAction?: string;
  value?: string;
  scrolledBy?: number;
  popup?: { url: string };
}

const act = (args: Record<string, unknown>): Promise<CallToolResult> => ai.call('browser', { action: 'act', ...args });
const actOk = (args: Record<string, unknown>): Promise<ActResult> => ai.ok<ActResult>('browser', { action: 'act', ...args });

/** Opens act.html of `where` in a new AI tab; returns its id and the person's view of it. */
async function openFixture(where: Site = site): Promise<{ tabId: string; page: Page }> {
  const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: where.url('/act.html') });
  return { tabId: opened.tabId, page: pageShowing(stack, where.url('/act.html')) };
}

const logOf = (page: Page): Promise<string> => page.locator('#log').innerText();

async function allowOnSite(args: Record<string, unknown>): Promise<void> {
  const prompt = await approvalPromptFor(stack, async () => expect(refusalOf(await act(args)).token).toBe('NOT_GRANTED'));
  await answerPrompt(prompt, 'Allow on this site');
}

async function refusal(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const refused = refusalOf(await act(args));
  expect(refused.token, refused.message).toBe('ACT_REFUSED');
  return refused.data!;
}

test('BRW-ACT-04 BRW-ACT-23 BRW-07 a click needs approval: NOT_GRANTED at once, the prompt names the element, Allow once is spent by the retry', async () => {
  const { tabId, page } = await openFixture();
  let first: CallToolResult | undefined;
  const prompt = await approvalPromptFor(stack, async () => {
    first = await act({ tabId, operation: 'click', role: 'button', name: 'Accept cookies' });
  });
  const refused = refusalOf(first!);
  expect(refused.token).toBe('NOT_GRANTED');
  expect(refused.data).toMatchObject({
    tabId,
    origin: site.origin,
    needsApproval: true,
    operation: 'click',
    element: { role: 'button', name: 'Accept cookies' },
    retry: { tool: 'browser', action: 'act' },
    generation: expect.any(Number),
  });
  await expect(prompt.locator('body')).toContainText(site.origin);
  await expect(prompt.locator('body')).toContainText('button "Accept cookies"');
  await expect(prompt.getByRole('button', { name: 'Deny' })).toBeFocused();
  expect(await logOf(page)).toBe('');

  await answerPrompt(prompt, 'Allow once');
  const done = await actOk({ tabId, operation: 'click', role: 'button', name: 'Accept cookies' });
  expect(done).toMatchObject({ element: { role: 'button', name: 'Accept cookies' }, matchedTotal: 1, matchedVisible: 1, url: site.url('/act.html'), input: 'synthetic' });
  expect(await logOf(page)).toBe('Accept cookies');

  // spent: the same click on another element asks again, and so does the same one
  const again = refusalOf(await act({ tabId, operation: 'click', role: 'button', name: 'Subscribe' }));
  expect(again.token).toBe('NOT_GRANTED');
  await ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-24 a type approval binds the exact text; Enter and Escape in the prompt deny', async () => {
  const { tabId, page } = await openFixture();
  let prompt = await approvalPromptFor(stack, () => act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' }));
  await expect(prompt.locator('body')).toContainText('"tram"');
  await pressInPrompt(prompt, 'Enter');
  prompt = await approvalPromptFor(stack, async () => expect(refusalOf(await act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' })).token).toBe('NOT_GRANTED'));
  await pressInPrompt(prompt, 'Escape');
  prompt = await approvalPromptFor(stack, () => act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' }));
  await answerPrompt(prompt, 'Allow once');
  // another text is another request
  expect(refusalOf(await act({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'bus' })).token).toBe('NOT_GRANTED');
  expect(await actOk({ tabId, operation: 'type', role: 'textbox', name: 'Search', text: 'tram' })).toMatchObject({ value: 'tram' });
  await expect(page.getByLabel('Search')).toHaveValue('tram');
  await ai.ok('browser', { action: 'close', tabId });
});

test('BRW-ACT-01 a ref target is accepted only for an operation granted on the origin; grants are per origin and listed on the Site permissions page', async () => {
  const { tabId, page } = await openFixture();
  const read = await ai.ok<{ snapshot: { role: string; name: string; ref: string }[] }>('browser_read', { action: 'read', tabId });
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
  const elsewhere = await openFixture(other);
  expect(refusalOf(await act({ tabId: elsewhere.tabId, operation: 'click', role: 'button', name: 'Next' })).token).toBe('NOT_GRANTED');
  await ai.ok('browser', { action: 'close', tabId: elsewhere.tabId });

  const permissions = await stack.context.newPage();
  await permissions.goto(`chrome-extension://${await extensionId(stack)}/popup.html`);
  await expect(permissions.getByRole('link', { name: 'Site permissions' })).toHaveAttribute('href', 'permissions.html');
  await permissions.goto(`chrome-extension://${await extensionId(stack)}/permissions.html`);
  await expect(permissions.getByRole('listitem')).toContainText([`e2e-ai may click on ${site.origin}`]);
  await permissions.getByRole('button', { name: `Revoke click on ${site.origin} for e2e-ai` }).click();
  await expect(permissions.getByText('No site permissions.')).toBeVisible();
  await permissions.close();
  expect(refusalOf(await act({ tabId, operation: 'click', role: 'button', name: 'Next' })).token).toBe('NOT_GRANTED');
  await ai.ok('browser', { action: 'close', tabId });
});

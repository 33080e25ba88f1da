/// <reference types="chrome" />
// Browser workflows through the whole stack: the AI (MCP SDK client) starts runs on an AI tab of real
// Chromium, the person answers the real approval prompts and clicks pages, the fixture site counts the
// orders it receives. One stack for the spec: the tests run in order.

import { test as base, type Page } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectAi, type Ai } from './support/mcpClient';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';
import { startSite, type Site } from './support/site';
import { expect, refusalOf, textOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, pageShowing } from './support/browserPerson';

const test = base;
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let stack: Stack;
let ai: Ai;
let site: Site;
let other: Site;

useSharedStack({ allowLoopback: true }, async (shared) => {
  stack = shared.stack;
  ai = await shared.connectAi();
  site = shared.closeAfter(await startSite());
  other = shared.closeAfter(await startSite());
});

interface StepResult {
  index: number;
  status: string;
  attempts: number;
  reason?: string;
  data?: Record<string, unknown>;
}
interface RunStatus {
  status: string;
  completedSteps: number;
  skippedSteps: number;
  stepCount: number;
  firstStep: number;
  pausedAt?: number;
  pendingApproval?: { step: number; operation: string; element: { role: string; name: string } | null; detail: string | null };
  reasonCode?: string;
  reason?: string;
  resumedFrom?: string;
  stepResults: StepResult[];
}
interface Started {
  runId: string;
  steps: { index: number; kind: string; text: string; by: string }[];
  firstStep: number;
}

const orderFlow = (where: Site, middle = '') => `---
site: shop
inputs: [email, qty]
---
# place one order
1. action: navigate to ${where.url('/order')}
2. action: type {email} into "Email" (textbox)
3. action: click "Next" (button)
${middle}- action: type {qty} into "Quantity" (textbox)
- action: click "Place order" (button)
- extract: content
`;

const run = (args: Record<string, unknown>): Promise<CallToolResult> => ai.call('browser', { action: 'workflow_run', ...args });
const runOk = (args: Record<string, unknown>): Promise<Started> => ai.ok<Started>('browser', { action: 'workflow_run', ...args });
const status = (runId: string): Promise<RunStatus> => ai.ok<RunStatus>('browser_read', { action: 'workflow_status', runId });
const cancel = (runId: string) => ai.ok<{ outcome: string; status: string }>('browser', { action: 'workflow_cancel', runId });

/** Polls workflow_status until `done` holds (the run goes on asynchronously). */
async function statusWhen(runId: string, done: (s: RunStatus) => boolean): Promise<RunStatus> {
  let last: RunStatus | undefined;
  await expect
    .poll(async () => {
      last = await status(runId);
      return done(last);
    }, { timeout: 60_000 })
    .toBe(true);
  return last!;
}

async function openTab(where: Site, pathname: string): Promise<{ tabId: string; page: Page }> {
  const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: where.url(pathname) });
  return { tabId: opened.tabId, page: await pageOf(where.url(pathname)) };
}

/** The person's view of an AI tab; Playwright may learn of the new page a moment after the open answered. */
async function pageOf(url: string): Promise<Page> {
  await expect.poll(() => stack.context.pages().some((p) => p.url() === url)).toBe(true);
  return pageShowing(stack, url);
}

const nextPrompt = (): Promise<Page> =>
  stack.context.waitForEvent('page', { predicate: (p) => p.url().includes('/approval.html'), timeout: 60_000 }).then(async (p) => {
    await p.waitForLoadState();
    return p;
  });

let shopTab: string;

test.describe('workflow_run, workflow_status, workflow_cancel', () => {
  test('BRW-RUN-01 BRW-RUN-03 BRW-RUN-04 BRW-RUN-05 BRW-RUN-06 BRR-STATUS-01 BRR-STATUS-02 BRR-STATUS-03 BRR-STATUS-05 a replay with inputs asks for every write like act and places the order; its status is polled freely, with no approval of its own', async () => {
    const { tabId, page } = await openTab(site, '/forms.html');
    shopTab = tabId;
    let started: Started | undefined;
    const typePrompt = await approvalPromptFor(stack, async () => {
      started = await runOk({ tabId, source: orderFlow(site), inputs: { email: 'ada@example.com', qty: '2' } });
    });
    expect(started!.firstStep).toBe(1);
    expect(started!.steps.map((s) => [s.index, s.kind, s.by])).toEqual([
      [1, 'action', 'vmark'],
      [2, 'action', 'vmark'],
      [3, 'action', 'vmark'],
      [4, 'action', 'vmark'],
      [5, 'action', 'vmark'],
      [6, 'extract', 'vmark'],
    ]);
    const waiting = await statusWhen(started!.runId, (s) => s.pendingApproval !== undefined);
    expect(waiting).toMatchObject({ status: 'running', stepCount: 6, completedSteps: 1, skippedSteps: 0, firstStep: 1 });
    expect(waiting.pendingApproval).toMatchObject({ step: 2, operation: 'type', element: { role: 'textbox', name: 'Email' }, detail: '"ada@example.com"' });
    await expect(typePrompt.getByText('ada@example.com')).toBeVisible();

    const clickPrompt = nextPrompt();
    await answerPrompt(typePrompt, 'Allow on this site');
    const second = await clickPrompt;
    expect((await statusWhen(started!.runId, (s) => s.pendingApproval?.step === 3)).pendingApproval).toMatchObject({ operation: 'click', element: { role: 'button', name: 'Next' } });
    await answerPrompt(second, 'Allow on this site');

    const done = await statusWhen(started!.runId, (s) => s.status !== 'running');
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'completed', completedSteps: 6, skippedSteps: 0 });
    expect(done.pendingApproval).toBeUndefined();
    expect(Object.keys(done).sort()).toEqual(['completedSteps', 'firstStep', 'skippedSteps', 'status', 'stepCount', 'stepResults']);
    expect(done.stepResults.map((r) => [r.index, r.status, r.attempts])).toEqual([1, 2, 3, 4, 5, 6].map((i) => [i, 'succeeded', 1]));
    expect(String(done.stepResults[5]!.data?.markdown)).toContain('Order 1: 2 for ada@example.com');
    expect(site.orders).toEqual([{ email: 'ada@example.com', qty: '2' }]);
    await expect(page.locator('#receipt')).toHaveText('Order 1: 2 for ada@example.com');
  });

  test('BRW-RUN-10 BRW-RUN-11 the same source and inputs skip the writes that succeeded; other inputs run in full; allowRepeat repeats', async () => {
    const source = orderFlow(site);
    const again = await runOk({ tabId: shopTab, source, inputs: { qty: '2', email: 'ada@example.com' } });
    const skipped = await statusWhen(again.runId, (s) => s.status !== 'running');
    expect(skipped, JSON.stringify(skipped)).toMatchObject({ status: 'completed', completedSteps: 2, skippedSteps: 4 });
    expect(skipped.stepResults.map((r) => r.status)).toEqual(['succeeded', 'skipped', 'skipped', 'skipped', 'skipped', 'succeeded']);
    expect(site.orders).toHaveLength(1);

    const otherJob = await runOk({ tabId: shopTab, source, inputs: { email: 'bob@example.com', qty: '5' } });
    expect(await statusWhen(otherJob.runId, (s) => s.status !== 'running')).toMatchObject({ status: 'completed', completedSteps: 6, skippedSteps: 0 });
    expect(site.orders).toHaveLength(2);

    const repeated = await runOk({ tabId: shopTab, source, inputs: { email: 'ada@example.com', qty: '2' }, allowRepeat: true });
    expect(await statusWhen(repeated.runId, (s) => s.status !== 'running')).toMatchObject({ status: 'completed', completedSteps: 6, skippedSteps: 0 });
    expect(site.orders).toEqual([
      { email: 'ada@example.com', qty: '2' },
      { email: 'bob@example.com', qty: '5' },
      { email: 'ada@example.com', qty: '2' },
    ]);
  });

  test('BRW-RUN-07 BRW-RUN-08 BRW-RUN-09 BRR-STATUS-04 a goal step pauses the run; a resume takes the done steps over and submits exactly once', async () => {
    const source = orderFlow(site, '- goal: check that the details page names the right email\n');
    const inputs = { email: 'cy@example.com', qty: '7' };
    const first = await runOk({ tabId: shopTab, source, inputs });
    expect(first.steps[3]).toMatchObject({ index: 4, kind: 'goal', by: 'agent' });
    const paused = await statusWhen(first.runId, (s) => s.status !== 'running');
    expect(paused, JSON.stringify(paused)).toMatchObject({ status: 'paused', pausedAt: 4, completedSteps: 3, reasonCode: 'goal-step' });
    expect(paused.stepResults[3]).toMatchObject({ index: 4, status: 'paused' });
    expect(site.orders).toHaveLength(3);

    const resumed = await runOk({ tabId: shopTab, source, inputs, resumeRunId: first.runId });
    expect(Object.keys(resumed).sort()).toEqual(['firstStep', 'runId', 'steps']);
    expect(resumed.firstStep).toBe(5);
    const done = await statusWhen(resumed.runId, (s) => s.status !== 'running');
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'completed', resumedFrom: first.runId, firstStep: 5, completedSteps: 7 });
    expect(done.stepResults.slice(0, 4).map((r) => [r.status, r.attempts])).toEqual([['succeeded', 0], ['succeeded', 0], ['succeeded', 0], ['succeeded', 0]]);
    expect(site.orders).toHaveLength(4);
    expect(site.orders[3]).toEqual(inputs);
    expect((await status(first.runId)).status).toBe('superseded');

    const twice = await run({ tabId: shopTab, source, inputs, resumeRunId: first.runId });
    expect(textOf(twice)).toMatch(/not paused: only a paused run can be resumed/);
    expect(site.orders).toHaveLength(4);
  });

  test('BRW-CANCEL-01 BRW-CANCEL-02 BRW-CANCEL-03 BRW-CANCEL-04 BRW-CANCEL-06 BRW-CANCEL-07 cancel needs no approval, withdraws the open prompt and stops the step', async () => {
    const { tabId } = await openTab(other, '/order');
    const source = `---\nsite: other\n---\n1. action: click "Next" (button)\n`;
    let started: Started | undefined;
    const prompt = await approvalPromptFor(stack, async () => {
      started = await runOk({ tabId, source });
    });
    await statusWhen(started!.runId, (s) => s.pendingApproval !== undefined);
    const closed = prompt.waitForEvent('close');
    expect(await cancel(started!.runId)).toMatchObject({ outcome: 'cancelled', status: 'cancelled' });
    await closed;
    const after = await status(started!.runId);
    expect(after).toMatchObject({ status: 'cancelled', reasonCode: 'cancelled' });
    expect(after.pendingApproval).toBeUndefined();
    expect(after.stepResults[0]).toMatchObject({ status: 'cancelled' });
    expect(await cancel(started!.runId)).toMatchObject({ outcome: 'already-terminal', status: 'cancelled' });
    expect(refusalOf(await ai.call('browser', { action: 'workflow_cancel', runId: 'run-999' })).token).toBe('RUN_NOT_FOUND');
    expect(refusalOf(await ai.call('browser_read', { action: 'workflow_status', runId: 'run-999' })).token).toBe('RUN_NOT_FOUND');
  });

  test('BRW-CANCEL-08 BRW-CANCEL-05 the person clicking the page stops a run, even one waiting for a prompt', async () => {
    const { tabId, page } = await openTab(other, '/order?person');
    let started: Started | undefined;
    const prompt = await approvalPromptFor(stack, async () => {
      started = await runOk({ tabId, source: `---\nsite: other\n---\naction: click "Next" (button)\n` });
    });
    await statusWhen(started!.runId, (s) => s.pendingApproval !== undefined);
    const closed = prompt.waitForEvent('close');
    await page.bringToFront();
    await page.mouse.click(5, 5);
    const stopped = await statusWhen(started!.runId, (s) => s.status !== 'running');
    expect(stopped).toMatchObject({ status: 'cancelled', reasonCode: 'person-took-over' });
    await closed;
    expect(other.orders).toEqual([]);
  });

  test('BRW-CANCEL-08 the person reloading the tab from the browser\'s own controls stops the run; closing the tab ends it failed', async () => {
    const { tabId, page } = await openTab(other, '/order?reload');
    let started: Started | undefined;
    const prompt = await approvalPromptFor(stack, async () => {
      started = await runOk({ tabId, source: `---\nsite: other\n---\naction: click "Next" (button)\n` });
    });
    await statusWhen(started!.runId, (s) => s.pendingApproval !== undefined);
    const closed = prompt.waitForEvent('close');
    await page.reload();
    expect(await statusWhen(started!.runId, (s) => s.status !== 'running')).toMatchObject({ status: 'cancelled', reasonCode: 'person-took-over' });
    await closed;

    const paused = await runOk({ tabId, source: `---\nsite: other\n---\nconfirm: enter the one-time code by hand\naction: click "Next" (button)\n` });
    expect(await statusWhen(paused.runId, (s) => s.status !== 'running')).toMatchObject({ status: 'paused', pausedAt: 1, reasonCode: 'confirm-step' });
    await page.close();
    expect(await statusWhen(paused.runId, (s) => s.status !== 'paused')).toMatchObject({ status: 'failed', reasonCode: 'tab-closed' });
  });

  test('a denied prompt fails the run with the reason; nothing is done', async () => {
    const { tabId, page } = await openTab(other, '/order?deny');
    let started: Started | undefined;
    const prompt = await approvalPromptFor(stack, async () => {
      started = await runOk({ tabId, source: `---\nsite: other\n---\naction: click "Next" (button)\n` });
    });
    await answerPrompt(prompt, 'Deny');
    expect(await statusWhen(started!.runId, (s) => s.status !== 'running')).toMatchObject({ status: 'failed', reasonCode: 'denied' });
    expect(page.url()).toBe(other.url('/order?deny'));
  });

  test('runs survive the extension worker being stopped mid-run (CDP ServiceWorker.stopAllWorkers)', async () => {
    const { tabId } = await openTab(other, '/order?worker');
    let started: Started | undefined;
    const prompt = await approvalPromptFor(stack, async () => {
      started = await runOk({ tabId, source: `---\nsite: other\ninputs: [email]\n---\naction: type {email} into "Email" (textbox)\naction: click "Next" (button)\n`, inputs: { email: 'dee@example.com' } });
    });
    await statusWhen(started!.runId, (s) => s.pendingApproval !== undefined);
    const cdp = await stack.context.newCDPSession(stack.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');

    // the restarted worker takes the run up again and asks for step 1 anew: a status read at once may come before it asks
    const after = await statusWhen(started!.runId, (s) => s.status !== 'running' || s.pendingApproval !== undefined);
    expect(after, JSON.stringify(after)).toMatchObject({ status: 'running', pendingApproval: { step: 1, operation: 'type' } });
    const clickPrompt = nextPrompt();
    await answerPrompt(prompt, 'Allow once');
    const asking = await statusWhen(started!.runId, (s) => s.status !== 'running' || s.pendingApproval?.step === 2);
    expect(asking, JSON.stringify(asking)).toMatchObject({ status: 'running', pendingApproval: { step: 2, operation: 'click' } });
    await answerPrompt(await clickPrompt, 'Allow once');
    const done = await statusWhen(started!.runId, (s) => s.status !== 'running');
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'completed', completedSteps: 2 });
    await expect((await pageOf(other.url('/order/details?email=dee%40example.com'))).locator('h1')).toHaveText('Details for dee@example.com');
  });

  test('BRW-RUN-02 BRW-RUN-12 BRW-RUN-13 WORKFLOW_INVALID carries diagnostics; inputs must match the declared ones exactly; limits', async () => {
    const malformed = refusalOf(await run({ tabId: shopTab, source: '---\nsite: shop\n---\n1. action: click "Next" junk\n2. clik: x\n' }));
    expect(malformed.token).toBe('WORKFLOW_INVALID');
    expect(malformed.data?.diagnostics).toEqual([
      expect.objectContaining({ code: 'malformed-target', line: 4, column: 24, severity: 'error' }),
      expect.objectContaining({ code: 'unknown-kind', line: 5, column: 4, severity: 'error' }),
    ]);
    expect(refusalOf(await run({ tabId: shopTab, source: 'action: click "x"\n' })).data?.diagnostics).toEqual([expect.objectContaining({ code: 'missing-front-matter' })]);

    const source = orderFlow(site);
    const missing = refusalOf(await run({ tabId: shopTab, source, inputs: { email: 'x@example.com' } }));
    expect(missing).toMatchObject({ token: 'WORKFLOW_INVALID', data: { missing: ['qty'], undeclared: [] } });
    const extra = refusalOf(await run({ tabId: shopTab, source, inputs: { email: 'x@example.com', qty: '1', coupon: 'FREE' } }));
    expect(extra).toMatchObject({ token: 'WORKFLOW_INVALID', data: { missing: [], undeclared: ['coupon'] } });
    expect(extra.message).toContain('The workflow declares: email, qty');

    const steps = (n: number) => `---\nsite: s\n---\n${Array.from({ length: n }, (_, i) => `${i + 1}. goal: step ${i + 1}`).join('\n')}\n`;
    expect(refusalOf(await run({ tabId: shopTab, source: steps(26) })).data?.diagnostics).toEqual([expect.objectContaining({ code: 'too-many-steps', line: 29 })]);
    const big = await run({ tabId: shopTab, source: `---\nsite: s\n---\ngoal: ${'x'.repeat(64 * 1024)}\n` });
    expect(big.isError).toBe(true);
    expect(textOf(big)).toMatch(/64 KiB/);
    expect(refusalOf(await run({ tabId: shopTab, source: steps(1), resumeRunId: 'run-999' })).token).toBe('RUN_NOT_FOUND');
    expect(site.orders).toHaveLength(4);
  });
});

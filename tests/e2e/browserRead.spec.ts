/// <reference types="chrome" />
// The read-only half, `browser_read`, plus browser.console_clear, against the real stack: snapshots
// with generation-bound refs, screenshots as image blocks, query, extract, console capture,
// wait_for, and the person's attach approval for their own tabs.
// One stack for the spec; each test has an AI principal and a fixture site of its own.

import { expect, refusalOf, sharedSiteTest, textOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, browserTabIdOf, pageShowing, personOpens } from './support/browserPerson';
import type { Ai } from './support/mcpClient';
import type { Site } from './support/site';
import type { Stack } from './support/stack';

interface Snapshot {
  tabId: string;
  url: string;
  generation: number;
  snapshot: { role: string; name: string; ref: string; level?: number; checked?: boolean; disabled?: boolean; upload?: boolean }[];
  truncated?: true;
  unreachable?: { closedShadowRoots: number; frames: number };
  untrusted: true;
}

const UNTRUSTED = /^UNTRUSTED PAGE CONTENT/;

const test = sharedSiteTest();

test('BRR-READ-01 BRR-READ-02 BRR-04 browser_read.read returns the ARIA snapshot with refs, marked untrusted', async ({ ai, site }) => {
  const opened = await ai.ok<{ tabId: string; generation: number }>('browser', { action: 'open', url: site.url('/forms.html') });
  const result = await ai.call('browser_read', { action: 'read' });
  expect(result.content[0]?.type === 'text' && result.content[0].text).toMatch(UNTRUSTED);
  const read = JSON.parse(textOf(result).split('\n').at(-1) ?? '') as Snapshot;
  expect(read).toMatchObject({ tabId: opened.tabId, url: site.url('/forms.html'), generation: opened.generation, untrusted: true });
  expect(read.snapshot.length).toBeGreaterThan(5);
  for (const node of read.snapshot) expect(node.ref).toMatch(/^e\d+$/);
  expect(read.snapshot).toContainEqual(expect.objectContaining({ role: 'heading', level: 1 }));
  expect(read.snapshot.some((n) => n.upload === true)).toBe(true);
  expect(read.snapshot.some((n) => n.disabled === true)).toBe(true);
  // the same view keeps its refs
  const again = await ai.ok<Snapshot>('browser_read', { action: 'read' });
  expect(again.snapshot.map((n) => n.ref)).toEqual(read.snapshot.map((n) => n.ref));
});

test('BRR-READ-03 refs are bound to the tab\'s navigation generation: after a navigation an old ref names nothing', async ({ ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/forms.html') });
  const before = await ai.ok<Snapshot>('browser_read', { action: 'read' });
  const button = before.snapshot.find((n) => n.role === 'button')!;
  expect(await ai.ok('browser_read', { action: 'wait_for', ref: button.ref, timeoutMs: 1000 })).toMatchObject({ matched: true, ref: button.ref });

  await ai.ok('browser', { action: 'navigate', url: site.url('/forms.html') });
  const after = await ai.ok<Snapshot>('browser_read', { action: 'read' });
  expect(after.generation).toBeGreaterThan(before.generation);
  const oldRefs = new Set(before.snapshot.map((n) => n.ref));
  expect(after.snapshot.some((n) => oldRefs.has(n.ref))).toBe(false);
  expect(await ai.ok('browser_read', { action: 'wait_for', ref: button.ref, timeoutMs: 300 })).toMatchObject({ matched: false });
});

test('BRR-SHOT-01 browser_read.screenshot returns a downscaled JPEG image block and a line naming the page', async ({ ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/forms.html') });
  for (let i = 0; i < 3; i++) {
    // three in a row: the 2-per-second capture quota is waited out, not failed
    const result = await ai.call('browser_read', { action: 'screenshot' });
    expect(result.isError ?? false, textOf(result)).toBe(false);
    const image = result.content.find((c) => c.type === 'image');
    expect(image?.type === 'image' && image.mimeType).toBe('image/jpeg');
    const bytes = Buffer.from(image?.type === 'image' ? image.data : '', 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.length).toBeLessThan(400_000);
    expect(textOf(result)).toContain('Screenshot of "Forms fixture"');
    const data = result.structuredContent as { captured: boolean; width: number; height: number; untrusted: boolean };
    expect(data).toMatchObject({ captured: true, untrusted: true });
    expect(Math.max(data.width, data.height)).toBeLessThanOrEqual(1280);
  }
});

test('BRR-QUERY-01 BRR-QUERY-02 browser_read.query returns structured DOM data, at most 50 elements, with the fields asked for', async ({ ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/query.html') });
  const rows = await ai.ok<{ count: number; elements: { ref: string; tag: string; text: string; attributes?: Record<string, string>; box?: object; styles?: Record<string, string> }[]; truncated?: true; untrusted: true }>(
    'browser_read',
    { action: 'query', selector: 'tbody tr', fields: { attributes: true, box: true, styles: ['display'] } },
  );
  expect(rows.count).toBeGreaterThan(50);
  expect(rows.elements).toHaveLength(50);
  expect(rows.truncated).toBe(true);
  expect(rows.untrusted).toBe(true);
  expect(rows.elements[0]).toMatchObject({ tag: 'tr', ref: expect.stringMatching(/^e\d+$/), box: expect.any(Object), styles: { display: expect.any(String) } });
  const bad = await ai.call('browser_read', { action: 'query', selector: '!!nope' });
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toMatch(/query failed/);
});

test('BRR-EXTRACT-01 BRR-EXTRACT-02 BRR-EXTRACT-03 BRR-EXTRACT-04 browser_read.extract returns reader-mode Markdown without the wiki chrome, read outside the page', async ({ stack, ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/wikipedia.html?token=S3CRET') });
  const result = await ai.call('browser_read', { action: 'extract' });
  expect(textOf(result)).toMatch(UNTRUSTED);
  const page = result.structuredContent as { title: string; byline: string | null; url: string; markdown: string; textLength: number; truncated: boolean; untrusted: boolean };
  expect(page).toMatchObject({ url: site.url('/wikipedia.html'), truncated: false, untrusted: true });
  expect(page.title.length).toBeGreaterThan(0);
  expect(page.textLength).toBeGreaterThan(1000);
  expect(page.markdown).not.toMatch(/\[edit\]/);
  expect(page.markdown).toMatch(/\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\//);
  // relative links resolve against the redacted URL: the page's query never rides along
  expect(page.markdown).not.toContain('S3CRET');
  // the reading ran in the extension's offscreen document
  const worker = await stack.serviceWorker();
  expect(await worker.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })).length)).toBe(1);
});

test('BRR-04 BRR-EXTRACT-05 BRR-EXTRACT-08 page text that tries to inject instructions or bidi tricks comes back neutralised and marked untrusted (generic reader on a non-wiki page)', async ({ ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/injection.html') });
  for (const action of ['read', 'extract']) {
    const result = await ai.call('browser_read', { action });
    expect(textOf(result)).toMatch(UNTRUSTED);
    expect(textOf(result)).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069]/);
  }
});

test('BRR-CONSOLE-01 BRR-CONSOLE-02 BRR-CONSOLE-04 BRR-CONSOLE-06 BRR-CONSOLE-08 BRW-CCLR-01 BRW-CCLR-02 console capture on an AI tab, main frame only, uncaught errors included; console_clear drains it', async ({ stack, ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/console-late.html') });
  type Console = { entries: { level: string; text: string }[]; url: string; untrusted: true };
  await expect.poll(async () => (await ai.ok<Console>('browser_read', { action: 'console' })).entries.length).toBe(5);
  // the child frame has logged by now, and its line is not in the capture
  await expect(pageShowing(stack, site.url('/console-late.html'))).toHaveTitle('Console after load (frame logged)');
  const captured = await ai.ok<Console>('browser_read', { action: 'console' });
  expect(captured.url).toBe(site.url('/console-late.html'));
  expect(captured.untrusted).toBe(true);
  // the two asynchronous errors may arrive in either order
  expect(captured.entries).toEqual(expect.arrayContaining([
    { level: 'log', text: 'hello {"answer":42}' },
    { level: 'warn', text: 'deprecated API' },
    { level: 'error', text: 'TypeError: bad input' },
    { level: 'error', text: expect.stringMatching(/^Unhandled rejection: .*nope/) },
    { level: 'error', text: expect.stringMatching(/^Uncaught .*boom/) },
  ]));
  expect((await ai.ok<Console>('browser_read', { action: 'console' })).entries).toHaveLength(5);

  const cleared = await ai.ok<Console>('browser', { action: 'console_clear' });
  expect(cleared.entries).toEqual(captured.entries);
  expect((await ai.ok<Console>('browser_read', { action: 'console' })).entries).toEqual([]);
  // the person clicks a button in the AI tab: only the new line shows up
  await pageShowing(stack, site.url('/console-late.html')).getByRole('button', { name: 'Log something' }).click();
  await expect.poll(async () => (await ai.ok<Console>('browser_read', { action: 'console' })).entries).toEqual([{ level: 'log', text: 'clicked' }]);
});

test('BRR-CONSOLE-01 BRR-CONSOLE-03 in the Sandbox the capture starts before the page\'s first script; the person\'s own tabs get no shim', async ({ stack, ai, site }) => {
  type Console = { entries: { level: string; text: string }[] };
  for (let round = 0; round < 4; round++) {
    const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: site.url('/console.html') });
    // console.html logs from an inline <head> script, before anything injected at commit could run
    await expect
      .poll(async () => (await ai.ok<Console>('browser_read', { action: 'console', tabId: opened.tabId })).entries.map((e) => e.text))
      .toEqual(expect.arrayContaining(['hello {"answer":42} [1,2]', 'cart has 3 items', 'Uncaught Error: boom']));
    await ai.ok('browser', { action: 'close', tabId: opened.tabId });
  }
  // while an AI tab is open (the early scripts registered), a tab of the person's has no shim at all
  await ai.ok('browser', { action: 'open', url: site.url('/forms.html') });
  const personal = await personOpens(stack, site.url('/console.html'));
  expect(await personal.evaluate(() => [typeof (window as unknown as Record<symbol, unknown>)[Symbol.for('vmark.consoleShim')], document.getElementById('__vmark_console'), document.documentElement.attributes.length])).toEqual(['undefined', null, 1]);
  await personal.close();
});

test('BRR-WAITFOR-01 BRR-WAITFOR-03 BRR-WAITFOR-04 wait_for matches role+name, text and urlContains, and reports matched: false on timeout', async ({ stack, ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/forms.html') });
  const byRole = await ai.ok<{ matched: boolean; ref?: string }>('browser_read', { action: 'wait_for', role: 'heading', timeoutMs: 1000 });
  expect(byRole).toMatchObject({ matched: true, ref: expect.stringMatching(/^e\d+$/) });
  expect(await ai.ok('browser_read', { action: 'wait_for', text: 'no such text anywhere', timeoutMs: 400 })).toMatchObject({ matched: false });
  expect(await ai.ok('browser_read', { action: 'wait_for', urlContains: '/forms', timeoutMs: 400 })).toMatchObject({ matched: true });

  // text that appears later (the person adds it) is found while polling
  const page = pageShowing(stack, site.url('/forms.html'));
  const waiting = ai.ok('browser_read', { action: 'wait_for', text: 'Arrived later', timeoutMs: 5000 });
  await page.waitForTimeout(400);
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'Arrived later' })));
  expect(await waiting).toMatchObject({ matched: true });
});

test('BRR-WAITFOR-07 BRR-WAITFOR-08 urlContains sees only the redacted URL, and ? or # are refused up front', async ({ ai, site }) => {
  await ai.ok('browser', { action: 'open', url: site.url('/forms.html?session=abc123#top') });
  expect(await ai.ok('browser_read', { action: 'wait_for', urlContains: 'abc123', timeoutMs: 300 })).toMatchObject({ matched: false });
  expect(await ai.ok('browser_read', { action: 'wait_for', urlContains: 'forms.html', timeoutMs: 300 })).toMatchObject({ matched: true });
  for (const urlContains of ['?session', '#top']) {
    const refused = await ai.call('browser_read', { action: 'wait_for', urlContains });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/urlContains/);
  }
});

/**
 * Holds the main thread of the AI tab showing /forms.html with a synchronous request to the fixture
 * server's /slow (20 s); resolves 'page answered first' once the page runs again.
 */
async function blockFormsPage(stack: Stack, ai: Ai, site: Site): Promise<{ unblocked: Promise<string> }> {
  await ai.ok('browser', { action: 'open', url: site.url('/forms.html') });
  // Playwright may learn of the AI's new tab a moment after the open answered
  await expect.poll(() => stack.context.pages().some((p) => p.url() === site.url('/forms.html'))).toBe(true);
  const page = pageShowing(stack, site.url('/forms.html'));
  const blocks = site.requests.length;
  await page.evaluate(() => {
    setTimeout(() => {
      const request = new XMLHttpRequest();
      request.open('GET', '/slow?ms=20000', false);
      request.send();
      document.title = 'unblocked';
    }, 0);
  });
  await expect.poll(() => site.requests.slice(blocks).some((r) => r.path.startsWith('/slow'))).toBe(true);
  // in an object: an async function would wait for a promise it returns
  return { unblocked: page.waitForFunction(() => document.title === 'unblocked', undefined, { timeout: 60_000 }).then(() => 'page answered first') };
}

test('BRR-WAITFOR-02 urlContains is answered from the tab state: it matches while the page\'s main thread is blocked', async ({ stack, ai, site }) => {
  const { unblocked } = await blockFormsPage(stack, ai, site);
  const answered = ai.ok<{ matched: boolean }>('browser_read', { action: 'wait_for', urlContains: '/forms', timeoutMs: 1000 });
  expect(await Promise.race([answered, unblocked])).toMatchObject({ matched: true });
  await unblocked;
});

test('BRR-SHOT-02 a screenshot is the browser\'s own capture: it answers while the page\'s main thread is blocked', async ({ stack, ai, site }) => {
  const { unblocked } = await blockFormsPage(stack, ai, site);
  const shot = ai.call('browser_read', { action: 'screenshot' });
  const first = await Promise.race([shot, unblocked]);
  expect(first).not.toBe('page answered first');
  expect((await shot).content.some((part) => part.type === 'image')).toBe(true);
  await unblocked;
});

test('BRW-POST-02 BRR-WAITFOR-09 BRR-SHOT-03 a person\'s tab needs an attach approval: Allow once covers one read or one screenshot, not wait_for (ATTACHMENT_ONCE_INSUFFICIENT); until-navigation lasts until the tab moves', async ({ stack, ai, site }) => {
  const personal = await personOpens(stack, site.url('/forms.html'));
  const tabId = await browserTabIdOf(stack, site.url('/forms.html'));

  let refusal: ReturnType<typeof refusalOf> | undefined;
  let prompt = await approvalPromptFor(stack, async () => {
    refusal = refusalOf(await ai.call('browser_read', { action: 'read', tabId }));
  });
  expect(refusal?.token).toBe('NOT_GRANTED');
  expect(refusal?.data).toMatchObject({ tabId, needsApproval: true, approval: 'attach' });
  await expect(prompt.getByText('e2e-ai wants to read one of your tabs')).toBeVisible();
  await answerPrompt(prompt, 'Allow once');

  const read = await ai.ok<Snapshot>('browser_read', { action: 'read', tabId });
  expect(read).toMatchObject({ tabId, url: site.url('/forms.html'), untrusted: true });
  expect((await ai.ok<{ browserTabs: { id: string; kind: string; automation: string }[] }>('session', { action: 'get_state' })).browserTabs).toEqual([]);

  // the once-attachment is spent; a screenshot needs a new one, and wait_for cannot use "once" at all
  prompt = await approvalPromptFor(stack, async () => {
    expect(refusalOf(await ai.call('browser_read', { action: 'screenshot', tabId })).token).toBe('NOT_GRANTED');
  });
  await answerPrompt(prompt, 'Allow once');
  const shot = await ai.call('browser_read', { action: 'screenshot', tabId });
  expect(shot.isError ?? false, textOf(shot)).toBe(false);
  // the capture used the attachment up, like a read
  prompt = await approvalPromptFor(stack, async () => {
    expect(refusalOf(await ai.call('browser_read', { action: 'query', tabId, selector: 'h1' })).token).toBe('NOT_GRANTED');
  });
  await answerPrompt(prompt, 'Allow once');
  prompt = await approvalPromptFor(stack, async () => {
    const insufficient = refusalOf(await ai.call('browser_read', { action: 'wait_for', tabId, text: 'Forms', timeoutMs: 300 }));
    expect(insufficient.token).toBe('ATTACHMENT_ONCE_INSUFFICIENT');
  });
  await answerPrompt(prompt, 'Allow until next navigation');
  expect(await ai.ok('browser_read', { action: 'wait_for', tabId, role: 'heading', timeoutMs: 1000 })).toMatchObject({ matched: true });
  await ai.ok('browser_read', { action: 'read', tabId });
  await ai.ok('browser_read', { action: 'query', tabId, selector: 'h1' });
  const state = await ai.ok<{ browserTabs: { id: string; kind: string; automation: string; url: string }[] }>('session', { action: 'get_state' });
  expect(state.browserTabs).toEqual([expect.objectContaining({ id: tabId, kind: 'person', automation: 'attached-until-navigation', url: site.url('/forms.html') })]);

  // the person navigates: the attachment lapses with the page it was given for
  await personal.goto(site.url('/query.html'));
  prompt = await approvalPromptFor(stack, async () => {
    expect(refusalOf(await ai.call('browser_read', { action: 'read', tabId })).token).toBe('NOT_GRANTED');
  });
  await answerPrompt(prompt, 'Deny');
  expect(refusalOf(await ai.call('browser_read', { action: 'read', tabId })).token).toBe('NOT_GRANTED');
});

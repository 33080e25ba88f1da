/// <reference types="chrome" />
// (chrome.* runs inside the extension worker, through worker.evaluate)
// The `browser` tool's tab lifecycle against the real stack: AI tabs in their own group, navigation
// tickets, limits, URL policy, redaction, the on/off setting and a worker stop while an AI principal is connected.
// The fixture site runs on 127.0.0.1; this stack allows loopback (launch.json), as
// `vmark mcp --headless --allow-loopback` does.

import { connectAi } from './support/mcpClient';
import { expect, refusalOf, sharedSiteTest, test, textOf } from './support/browserFixtures';
import { answerPrompt, approvalPromptFor, browserTabIdOf, openExtensionPopup, personOpens } from './support/browserPerson';

interface Loaded {
  tabId: string;
  navigationId: string;
  outcome: 'loaded' | 'failed';
  url: string;
  title: string;
  generation: number;
  error?: string;
  gate?: { kind: string; hint: string };
  untrusted: true;
}

interface BrowserTab {
  id: string;
  kind: 'ai' | 'person';
  title: string;
  url: string;
  loading: boolean;
  generation: number | null;
  automation: string;
  posture: string | null;
  cookieStore: string | null;
  current: boolean;
  active: boolean;
}

const browserTabs = async (ai: { ok<T>(tool: string, args: Record<string, unknown>): Promise<T> }) =>
  (await ai.ok<{ browserTabs: BrowserTab[] }>('session', { action: 'get_state' })).browserTabs;

test.describe('one stack, an AI and a fixture site of its own per test', () => {
  const test = sharedSiteTest();

  test('BRW-OPEN-04 BRW-OPEN-05 browser.open makes an AI tab in its AI principal\'s own group and returns tabId, navigationId, url, title, generation', async ({ stack, ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    expect(opened).toMatchObject({ outcome: 'loaded', url: site.url('/forms.html'), title: 'Forms fixture', untrusted: true });
    expect(opened.tabId).toMatch(/^btab-\d+$/);
    expect(opened.navigationId).toMatch(/^nav-\d+$/);
    expect(opened.generation).toBeGreaterThan(0);

    const worker = await stack.serviceWorker();
    const seen = await worker.evaluate(async (id) => {
      const tab = await chrome.tabs.get(id);
      const group = await chrome.tabGroups.get(tab.groupId);
      return { active: tab.active, windowId: tab.windowId, group: { title: group.title, color: group.color } };
    }, Number(opened.tabId.slice('btab-'.length)));
    expect(seen.group.title).toBe('AI · e2e-ai');
    expect(seen.active).toBe(true);
    // Sandbox posture: the AI tab lives in its own window, apart from the person's editor window
    const editorWindowId = await worker.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url?.startsWith(url))?.windowId, stack.editorUrl);
    expect(seen.windowId).not.toBe(editorWindowId);

    const tabs = await browserTabs(ai);
    expect(tabs).toEqual([
      { id: opened.tabId, kind: 'ai', title: 'Forms fixture', url: site.url('/forms.html'), loading: false, generation: opened.generation, automation: 'ai', posture: 'sandbox', cookieStore: 'separate', current: true, active: true },
    ]);
    // the person's editor tab is untouched: not grouped, still there
    expect(await worker.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url?.startsWith(url))?.groupId, stack.editorUrl)).toBe(-1);
  });

  test('BRW-04 URLs returned to the AI are redacted: no userinfo, query or fragment', async ({ ai, site }) => {
    const secretUrl = site.url('/forms.html?token=s3cret&x=1#frag').replace('http://', 'http://user:pw@');
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: secretUrl });
    expect(opened.url).toBe(site.url('/forms.html'));
    const read = await ai.ok<{ url: string }>('browser_read', { action: 'read', tabId: opened.tabId });
    expect(read.url).toBe(site.url('/forms.html'));
    const [tab] = await browserTabs(ai);
    expect(tab?.url).toBe(site.url('/forms.html'));
    const everything = JSON.stringify([opened, read, tab]);
    expect(everything).not.toContain('s3cret');
    expect(everything).not.toContain('user:pw');
    expect(everything).not.toContain('frag');
  });

  test('BRW-OPEN-06 BRW-06 an open beyond 8 AI tabs is refused with TAB_LIMIT (text TOKEN: message); closing one makes room', async ({ ai, site }) => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await ai.ok<Loaded>('browser', { action: 'open', url: site.url(`/query.html?n=${i}`) })).tabId);
    const refused = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/forms.html') }));
    expect(refused.token).toBe('TAB_LIMIT');
    expect(refused.data).toMatchObject({ limit: 8 });
    expect(await browserTabs(ai)).toHaveLength(8);
    await ai.ok('browser', { action: 'close', tabId: ids[0] });
    await ai.ok('browser', { action: 'open', url: site.url('/forms.html') });
  });

  test('BRW-CLOSE-01 BRW-CLOSE-02 BRW-CLOSE-04 browser.close closes an AI tab without approval and confirms it is gone', async ({ stack, ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const closed = await ai.ok('browser', { action: 'close', tabId: opened.tabId });
    expect(closed).toEqual({ tabId: opened.tabId, closed: true, destroyed: true });
    const worker = await stack.serviceWorker();
    expect(await worker.evaluate((id) => chrome.tabs.get(id).then(() => true, () => false), Number(opened.tabId.slice(5)))).toBe(false);
    expect(await browserTabs(ai)).toEqual([]);
    expect(refusalOf(await ai.call('browser', { action: 'close', tabId: opened.tabId })).token).toBe('TAB_NOT_FOUND');
  });

  test('BRW-CLOSE-05 BRW-CLOSE-06 a teardown the browser does not confirm is TAB_TEARDOWN_FAILED with destroyed:false; the entry is gone anyway', async ({ stack, ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const chromeTabId = Number(opened.tabId.slice(5));
    const worker = await stack.serviceWorker();
    // the browser refuses to take the tab down: tabs.remove resolves but the tab stays
    await worker.evaluate(() => {
      const tabs = chrome.tabs as unknown as { remove: unknown; __remove?: unknown };
      tabs.__remove = tabs.remove;
      tabs.remove = async () => undefined;
    });
    try {
      const refused = refusalOf(await ai.call('browser', { action: 'close', tabId: opened.tabId }));
      expect(refused.token).toBe('TAB_TEARDOWN_FAILED');
      expect(refused.data).toEqual({ tabId: opened.tabId, closed: false, destroyed: false });
      expect(await worker.evaluate((id) => chrome.tabs.get(id).then(() => true, () => false), chromeTabId)).toBe(true);
      expect(await browserTabs(ai)).toEqual([]);
      // the view left behind is no longer the AI's: a retry cannot touch it
      expect(refusalOf(await ai.call('browser', { action: 'close', tabId: opened.tabId })).token).toBe('TAB_NOT_AI_OWNED');
    } finally {
      await worker.evaluate((id) => {
        const tabs = chrome.tabs as unknown as { remove: (id: number) => Promise<void>; __remove?: (id: number) => Promise<void> };
        if (tabs.__remove) tabs.remove = tabs.__remove;
        return tabs.remove(id);
      }, chromeTabId);
    }
  });

  test('BRW-CLOSE-03 BRR-CONSOLE-03 BRR-WAIT-04 a person\'s tab is refused with TAB_NOT_AI_OWNED by close, navigate, console, console_clear and wait, and stays open', async ({ stack, ai, site }) => {
    const personal = await personOpens(stack, site.url('/query.html'));
    const tabId = await browserTabIdOf(stack, site.url('/query.html'));
    const calls: [string, Record<string, unknown>][] = [
      ['browser', { action: 'close', tabId }],
      ['browser', { action: 'navigate', tabId, url: site.url('/forms.html') }],
      ['browser', { action: 'console_clear', tabId }],
      ['browser_read', { action: 'console', tabId }],
      ['browser_read', { action: 'wait', tabId }],
    ];
    for (const [tool, args] of calls) {
      const refused = refusalOf(await ai.call(tool, args));
      expect(refused.token, `${tool}.${String(args.action)}`).toBe('TAB_NOT_AI_OWNED');
      expect(refused.data).toEqual({ tabId });
    }
    expect(personal.isClosed()).toBe(false);
    expect(personal.url()).toBe(site.url('/query.html'));
  });

  test('BRR-WAIT-01 BRR-WAIT-02 BRR-WAIT-03 browser_read.wait only observes: no navigation, no focus or active-tab change, no new view', async ({ stack, ai, site }) => {
    const first = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const second = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/query.html') });
    const worker = await stack.serviceWorker();
    const browserView = () =>
      worker.evaluate(async () => {
        const tabs = await chrome.tabs.query({});
        const windows = await chrome.windows.getAll();
        return { tabs: tabs.map((t) => `${t.id}:${t.url}:${t.active}`).sort(), focused: windows.find((w) => w.focused)?.id ?? null, windows: windows.length };
      });
    const before = await browserView();
    const waited = await ai.ok<Loaded>('browser_read', { action: 'wait', tabId: first.tabId, timeoutMs: 2000 });
    expect(waited).toMatchObject({ tabId: first.tabId, navigationId: first.navigationId, outcome: 'loaded', generation: first.generation });
    expect(await browserView()).toEqual(before);
    const state = (await browserTabs(ai)).map((t) => [t.id, t.url, t.generation]);
    expect(state).toEqual(expect.arrayContaining([[first.tabId, site.url('/forms.html'), first.generation], [second.tabId, site.url('/query.html'), second.generation]]));
  });

  test('BRW-NAV-01 BRW-NAV-02 browser.navigate moves an AI tab and returns its ticket result with a new generation', async ({ ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const moved = await ai.ok<Loaded>('browser', { action: 'navigate', url: site.url('/query.html') });
    expect(moved).toMatchObject({ tabId: opened.tabId, outcome: 'loaded', url: site.url('/query.html'), title: 'Query fixture' });
    expect(moved.navigationId).not.toBe(opened.navigationId);
    expect(moved.generation).toBeGreaterThan(opened.generation);
  });

  test('BRW-NAV-03 BRR-WAIT-05 a navigation TIMEOUT carries its ticket, and browser_read.wait collects the result later', async ({ ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const timedOut = refusalOf(await ai.call('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/slow?ms=1500&title=Finally'), timeoutMs: 200 }));
    expect(timedOut.token).toBe('TIMEOUT');
    expect(timedOut.data).toMatchObject({ tabId: opened.tabId, url: site.url('/slow') });
    const navigationId = timedOut.data?.navigationId as string;
    expect(navigationId).toMatch(/^nav-\d+$/);

    const done = await ai.ok<Loaded>('browser_read', { action: 'wait', tabId: opened.tabId, navigationId, timeoutMs: 5000 });
    expect(done).toMatchObject({ navigationId, outcome: 'loaded', title: 'Finally', url: site.url('/slow') });
    // without navigationId: the newest ticket, already settled, answers at once
    expect(await ai.ok<Loaded>('browser_read', { action: 'wait' })).toMatchObject({ navigationId });
  });

  test('BRR-WAIT-06 a wait that outlives its limit is TIMEOUT; a replaced ticket is NAVIGATION_SUPERSEDED', async ({ ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const slow = refusalOf(await ai.call('browser', { action: 'navigate', url: site.url('/slow?ms=4000'), timeoutMs: 100 }));
    const first = slow.data?.navigationId as string;
    expect(refusalOf(await ai.call('browser_read', { action: 'wait', navigationId: first, timeoutMs: 300 })).token).toBe('TIMEOUT');

    const fast = await ai.ok<Loaded>('browser', { action: 'navigate', url: site.url('/query.html') });
    const superseded = refusalOf(await ai.call('browser_read', { action: 'wait', tabId: opened.tabId, navigationId: first }));
    expect(superseded.token).toBe('NAVIGATION_SUPERSEDED');
    expect(superseded.data).toMatchObject({ tabId: opened.tabId, navigationId: first, supersededBy: fast.navigationId });
  });

  test('BRW-GATE-01 BRW-GATE-03 open, navigate and wait results carry gate {kind, hint} on login, consent, challenge and 429 pages only', async ({ ai, site }) => {
    const expected: Record<string, string | undefined> = {
      '/login.html': 'login',
      '/consent.html': 'consent',
      '/challenge.html': 'challenge',
      '/rate-limit.html': 'rate-limit',
      '/captcha-article.html': undefined,
      '/cookie-banner.html': undefined,
    };
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    expect(opened.gate).toBeUndefined();
    for (const [path, kind] of Object.entries(expected)) {
      const result = await ai.ok<Loaded>('browser', { action: 'navigate', url: site.url(path) });
      expect(result.gate?.kind, path).toBe(kind);
      if (kind) expect(result.gate?.hint, path).toMatch(/user|person|you/i);
    }
    const waited = await ai.ok<Loaded>('browser_read', { action: 'wait' });
    expect(waited.gate).toBeUndefined();
    await ai.ok('browser', { action: 'navigate', url: site.url('/login.html') });
    expect((await ai.ok<Loaded>('browser_read', { action: 'wait' })).gate?.kind).toBe('login');
    const fresh = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/challenge.html') });
    expect(fresh.gate?.kind).toBe('challenge');
  });

  test('BRW-GATE-04 a gate is advice only: the gated page is read, queried and navigated away from like any other', async ({ ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/login.html') });
    expect(opened.gate?.kind).toBe('login');
    const read = await ai.ok<{ snapshot: { role: string }[] }>('browser_read', { action: 'read' });
    expect(read.snapshot.length).toBeGreaterThan(0);
    expect((await ai.ok<{ elements: unknown[] }>('browser_read', { action: 'query', selector: 'input' })).elements.length).toBeGreaterThan(0);
    expect((await ai.ok<Loaded>('browser', { action: 'navigate', url: site.url('/forms.html') })).outcome).toBe('loaded');
  });

  test('BRR-SHOT-04 open and navigate bring the AI tab to the front, so a screenshot shows it', async ({ stack, ai, site }) => {
    const first = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const second = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/query.html') });
    const worker = await stack.serviceWorker();
    const isActive = (tabId: string) => worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, Number(tabId.slice(5)));
    expect(await isActive(second.tabId)).toBe(true);
    expect(await isActive(first.tabId)).toBe(false);
    await ai.ok('browser', { action: 'navigate', tabId: first.tabId, url: site.url('/login.html') });
    expect(await isActive(first.tabId)).toBe(true);
    const shot = await ai.call('browser_read', { action: 'screenshot', tabId: first.tabId });
    expect(shot.isError ?? false, textOf(shot)).toBe(false);
    expect(textOf(shot)).toContain('Screenshot of "Sign in – Example"');
  });

  test('AI navigation refuses loopback, private, link-local, metadata addresses and other schemes when loopback is allowed only for this launch', async ({ ai, site }) => {
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.1/admin', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://metadata.google.internal/', 'http://printer.local/']) {
      const refused = refusalOf(await ai.call('browser', { action: 'open', url }));
      expect(refused.token, url).toBe('URL_BLOCKED');
    }
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'chrome://settings', 'not a url']) {
      expect(refusalOf(await ai.call('browser', { action: 'open', url })).token, url).toBe('INVALID_URL');
    }
    expect(await browserTabs(ai)).toEqual([]);
    // a redirect the page makes is held by the tab's network rule, whatever the AI asked for
    const redirected = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/redirect?to=http://169.254.169.254/latest/meta-data/') });
    expect(redirected).toMatchObject({ outcome: 'failed', error: 'net::ERR_BLOCKED_BY_CLIENT' });
  });

  test('an AI client that disconnects takes its AI tabs with it; another client never sees them', async ({ stack, ai, site }) => {
    const other = await connectAi(stack.env, [], 'other-ai');
    const theirs = await other.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    expect(await browserTabs(ai)).toEqual([]);
    expect(refusalOf(await ai.call('browser', { action: 'close', tabId: theirs.tabId })).token).toBe('TAB_NOT_AI_OWNED');
    await other.close();
    const worker = await stack.serviceWorker();
    await expect.poll(() => worker.evaluate((id) => chrome.tabs.get(id).then(() => true, () => false), Number(theirs.tabId.slice(5)))).toBe(false);
    expect(textOf(await ai.call('browser_read', { action: 'read', tabId: theirs.tabId }))).toMatch(/^TAB_NOT_FOUND/);
  });

  test('WSP-CLOSE-08 workspace.close on a browser tab is refused with INVALID_TAB; the browser tool closes it', async ({ ai, site }) => {
    const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
    const refused = await ai.call('workspace', { action: 'close', tabId: opened.tabId });
    expect(refused.structuredContent).toMatchObject({ error: 'INVALID_TAB' });
    expect((await browserTabs(ai)).map((t) => t.id)).toEqual([opened.tabId]);
    await ai.ok('browser', { action: 'close', tabId: opened.tabId });
    expect(await browserTabs(ai)).toEqual([]);
  });
});

test('BRW-02 BRW-03 the browser setting is on by default; with it off every browser action fails with BROWSER_DISABLED; turning it on restores them', async ({ stack, ai, site }) => {
  const opened = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
  const popup = await openExtensionPopup(stack);
  const toggle = popup.getByLabel('Let AI clients use browser tabs');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect.poll(async () => (await ai.call('browser_read', { action: 'read', tabId: opened.tabId })).structuredContent?.token).toBe('BROWSER_DISABLED');
  const calls: [string, Record<string, unknown>][] = [
    ['browser', { action: 'open', url: site.url('/forms.html') }],
    ['browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/query.html') }],
    ['browser', { action: 'close', tabId: opened.tabId }],
    ['browser', { action: 'console_clear', tabId: opened.tabId }],
    ['browser_read', { action: 'screenshot', tabId: opened.tabId }],
    ['browser_read', { action: 'query', tabId: opened.tabId, selector: 'h1' }],
    ['browser_read', { action: 'extract', tabId: opened.tabId }],
    ['browser_read', { action: 'console', tabId: opened.tabId }],
    ['browser_read', { action: 'wait', tabId: opened.tabId }],
    ['browser_read', { action: 'wait_for', tabId: opened.tabId, text: 'x' }],
  ];
  for (const [tool, args] of calls) expect(refusalOf(await ai.call(tool, args)).token, `${tool}.${String(args.action)}`).toBe('BROWSER_DISABLED');
  expect(await browserTabs(ai)).toEqual([]);

  await toggle.check();
  await expect.poll(async () => (await ai.call('browser_read', { action: 'read', tabId: opened.tabId })).isError ?? false).toBe(false);
});

test('BRW-POST-01 BRW-OPEN-07 Shared profile: a new origin needs the person\'s approval; open keeps its tab and says to retry navigate', async ({ stack, ai, site }) => {
  const popup = await openExtensionPopup(stack);
  await popup.getByLabel(/Shared profile/).check();
  await popup.close();
  await personOpens(stack, site.url('/set-cookie'));

  let refusal: ReturnType<typeof refusalOf> | undefined;
  const prompt = await approvalPromptFor(stack, async () => {
    refusal = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/echo-cookie') }));
  });
  expect(refusal?.token).toBe('NOT_GRANTED');
  const tabId = refusal?.data?.tabId as string;
  expect(refusal?.data).toMatchObject({ needsApproval: true, approval: 'navigate', origin: site.origin, retry: { action: 'navigate', tabId } });
  await expect(prompt.getByText(site.origin, { exact: true })).toBeVisible();
  await answerPrompt(prompt, 'Allow once');

  const loaded = await ai.ok<Loaded>('browser', { action: 'navigate', tabId, url: site.url('/echo-cookie') });
  expect(loaded).toMatchObject({ tabId, outcome: 'loaded' });
  // Shared profile: the person's cookies go along; same-origin moves need no new approval
  const shown = await ai.ok<{ elements: { text: string }[] }>('browser_read', { action: 'query', tabId, selector: '#cookie' });
  expect(shown.elements[0]?.text).toBe('cookie=ai=1');
  expect((await ai.ok<Loaded>('browser', { action: 'navigate', tabId, url: site.url('/forms.html') })).outcome).toBe('loaded');
  const [tab] = await browserTabs(ai);
  expect(tab).toMatchObject({ id: tabId, posture: 'shared', kind: 'ai' });
});

test('BRW-OPEN-08 Shared profile: the approval covers the tab open kept, not a new open of the same address, which opens a tab of its own that asks again', async ({ stack, ai, site }) => {
  const popup = await openExtensionPopup(stack);
  await popup.getByLabel(/Shared profile/).check();
  await popup.close();
  await personOpens(stack, site.url('/set-cookie'));

  let first: ReturnType<typeof refusalOf> | undefined;
  const prompt = await approvalPromptFor(stack, async () => {
    first = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/echo-cookie') }));
  });
  expect(first?.token).toBe('NOT_GRANTED');
  const kept = first?.data?.tabId as string;
  await answerPrompt(prompt, 'Allow once');

  let again: ReturnType<typeof refusalOf> | undefined;
  const second = await approvalPromptFor(stack, async () => {
    again = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/echo-cookie') }));
  });
  expect(again?.token).toBe('NOT_GRANTED');
  expect(again?.data).toMatchObject({ needsApproval: true, retry: { action: 'navigate' } });
  expect(again?.data?.tabId).not.toBe(kept);
  await answerPrompt(second, 'Deny');
  // the retry the first refusal named is the one the approval covers
  expect(await ai.ok<Loaded>('browser', { action: 'navigate', tabId: kept, url: site.url('/echo-cookie') })).toMatchObject({ tabId: kept, outcome: 'loaded' });
});

test('AI tabs survive the extension worker being stopped while the AI principal is connected', async ({ stack, ai, site }) => {
  const first = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/forms.html') });
  const second = await ai.ok<Loaded>('browser', { action: 'open', url: site.url('/query.html') });
  const before = await browserTabs(ai);
  expect(before.map((t) => t.id)).toEqual([first.tabId, second.tabId]);

  const cdp = await stack.context.newCDPSession(stack.page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');

  const after = await browserTabs(ai);
  expect(after.map((t) => ({ id: t.id, kind: t.kind, url: t.url }))).toEqual(before.map((t) => ({ id: t.id, kind: t.kind, url: t.url })));
  const read = await ai.ok<{ url: string }>('browser_read', { action: 'read', tabId: first.tabId });
  expect(read.url).toBe(site.url('/forms.html'));
  const moved = await ai.ok<Loaded>('browser', { action: 'navigate', tabId: second.tabId, url: site.url('/login.html') });
  expect(moved.gate?.kind).toBe('login');
  expect(await ai.ok('browser', { action: 'close', tabId: first.tabId })).toMatchObject({ closed: true });
  const worker = await stack.serviceWorker();
  const group = await worker.evaluate(async (id) => (await chrome.tabGroups.get((await chrome.tabs.get(id)).groupId)).title, Number(second.tabId.slice(5)));
  expect(group).toBe('AI · e2e-ai');
});

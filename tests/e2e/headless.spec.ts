import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { chromium, type Browser } from 'playwright-core';
import { connectAi } from './support/mcpClient';
import { startSite } from './support/site';

interface State {
  windows: { label: string; tabs: { id: string; filePath: string | null; title: string }[] }[];
}

test('vmark mcp --headless --workspace DIR: a plain SDK client opens a file of DIR and sees it in get_state', async () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-headless-ws-')));
  fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n\nhello\n');
  fs.mkdirSync(path.join(dir, '.github', 'workflows'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.github', 'workflows', 'ci.yml'), 'on: push\njobs: {}\n');
  const ai = await connectAi({}, ['--headless', '--workspace', dir]);
  try {
    const opened = await ai.ok<{ tabId: string; activationChanged: boolean }>('workspace', { action: 'open', filePath: path.join(dir, 'notes.md') });
    const workflow = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(dir, '.github', 'workflows', 'ci.yml') });
    expect(opened.activationChanged).toBe(false);
    const state = await ai.ok<State>('session', { action: 'get_state' });
    const tabs = state.windows.flatMap((w) => w.tabs);
    expect(tabs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: opened.tabId, filePath: path.join(dir, 'notes.md'), title: 'notes', kind: 'markdown' }),
        expect.objectContaining({ id: workflow.tabId, kind: 'yaml-workflow', title: 'ci' }),
      ]),
    );
    const read = await ai.ok<{ content: string }>('document', { action: 'read', tabId: opened.tabId });
    expect(read.content).toBe('# Notes\n\nhello\n');
  } finally {
    await ai.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('BRW-POST-03 vmark mcp --headless --allow-loopback: AI tabs open, and the Sandbox has a cookie store of its own in the profile the launcher owns', async () => {
  const site = await startSite();
  const ai = await connectAi({}, ['--headless', '--allow-loopback']);
  try {
    const opened = await ai.ok<{ tabId: string; outcome: string; title: string }>('browser', { action: 'open', url: site.url('/forms.html') });
    expect(opened).toMatchObject({ outcome: 'loaded', title: 'Forms fixture' });
    const state = await ai.ok<{ browserTabs: { id: string; posture: string; cookieStore: string }[] }>('session', { action: 'get_state' });
    expect(state.browserTabs).toEqual([expect.objectContaining({ id: opened.tabId, posture: 'sandbox', cookieStore: 'separate' })]);
  } finally {
    await ai.close();
    await site.close();
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('BRW-ACT-03 vmark mcp --headless: the profile VMark launches acts with trusted input by default (isTrusted true, no setting touched)', async () => {
  const site = await startSite();
  const port = await freePort();
  const ai = await connectAi({}, ['--headless', '--allow-loopback', '--remote-debugging-port', String(port)]);
  let browser: Browser | undefined;
  try {
    // the person, at the launched browser's remote debugging port, to answer the prompt
    await expect.poll(async () => (browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => undefined)) !== undefined, { timeout: 30_000 }).toBe(true);
    const person = browser!.contexts()[0]!;
    const { tabId } = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: site.url('/act.html') });
    const click = { action: 'act', tabId, operation: 'click', role: 'button', name: 'Trusted only' };
    const prompted = person.waitForEvent('page', { predicate: (p) => p.url().includes('/approval.html') });
    expect((await ai.call('browser', click)).structuredContent).toMatchObject({ token: 'NOT_GRANTED' });
    const prompt = await prompted;
    const closed = prompt.waitForEvent('close');
    await prompt.getByRole('button', { name: 'Allow once' }).click().catch((error: unknown) => {
      if (!prompt.isClosed()) throw error;
    });
    await closed;
    expect(await ai.ok('browser', click)).toMatchObject({ input: 'trusted', element: { name: 'Trusted only' } });
    const log = await ai.ok<{ elements: { text: string }[] }>('browser_read', { action: 'query', tabId, selector: '#log' });
    expect(log.elements[0]?.text).toBe('Trusted only: trusted');
  } finally {
    await browser?.close().catch(() => undefined);
    await ai.close();
    await site.close();
  }
});

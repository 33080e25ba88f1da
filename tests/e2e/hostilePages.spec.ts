// Issue 17: hostile pages. 51 generated pages (bidi overrides and zero-width characters in names,
// controls and terminal escapes, text posing as the tool's framing, 10 MB attributes, 100k-deep
// nesting, shadow-root bombs, endless redirects, a page that never finishes loading, pages that
// rewrite themselves on every frame, floods) go through browser_read read, query, extract, console
// and screenshot on the real stack: every call answers, no answer is over 25,000 o200k tokens, no
// string of an answer carries a control, bidi or zero-width character, nothing of ours crashes. Pages
// that crash Chromium's renderer by themselves (CRASHES_CHROMIUM) must answer PAGE_CRASHED with the
// next step, and the next navigation must work; pages Chromium cannot load (FAILS_TO_LOAD) must answer
// PAGE_LOAD_FAILED naming the cause and the next step. Prints its figures; VMARK_BENCH_QUICK=1 runs one page of each kind,
// VMARK_HOSTILE_ONLY=name,name runs the pages named.

import fs from 'node:fs';
import path from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_RESPONSE_TOKENS } from '@vmark/shared';
import { expect, refusalOf, test, textOf } from './support/browserFixtures';
import { CRASHES_CHROMIUM, FAILS_TO_LOAD, HOSTILE_PAGES, QUICK_HOSTILE_PAGES, UNSAFE } from './support/hostilePages';
import type { Ai } from './support/mcpClient';

/** Far beyond any hop of browser_read: a call still open then is counted as hung. */
const CALL_TIMEOUT_MS = 90_000;
const PAGES = process.env.VMARK_HOSTILE_ONLY ? process.env.VMARK_HOSTILE_ONLY.split(',') : process.env.VMARK_BENCH_QUICK ? QUICK_HOSTILE_PAGES : HOSTILE_PAGES;

const CALLS: [string, Record<string, unknown>][] = [
  ['read', { action: 'read' }],
  ['query', { action: 'query', selector: '*', fields: { attributes: true, box: true } }],
  ['extract', { action: 'extract' }],
  ['console', { action: 'console' }],
  ['screenshot', { action: 'screenshot' }],
];

/** Every string in a JSON value (keys included). */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      strings(item, into);
    }
  }
  return into;
}

/** The strings an answer hands the model: every text part, parsed where it is JSON. */
function answerStrings(result: CallToolResult): string[] {
  return result.content.flatMap((part) => {
    if (part.type !== 'text') return [];
    try {
      return strings(JSON.parse(part.text) as unknown);
    } catch {
      return [part.text];
    }
  });
}

/** A call's answer, or null when none came within CALL_TIMEOUT_MS (the SDK's own request timeout is set to it). */
async function answerOf(ai: Ai, tool: string, args: Record<string, unknown>): Promise<CallToolResult | null> {
  try {
    return (await ai.client.callTool({ name: tool, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })) as CallToolResult;
  } catch (error) {
    if (/timed out/i.test((error as Error).message)) return null;
    throw error;
  }
}

const isAlive = (pid: number | null | undefined): boolean => {
  try {
    return Boolean(pid) && process.kill(pid as number, 0);
  } catch {
    return false;
  }
};

test(`SEC ${PAGES.length} hostile pages through browser_read read, query, extract, console and screenshot: every call answers, none over 25,000 tokens, no control, bidi or zero-width character, a crashed page answers PAGE_CRASHED and the next navigation works, an error page answers PAGE_LOAD_FAILED`, async ({ stack, ai, site }) => {
  test.setTimeout(600_000);
  const crashes: string[] = [];
  const watch = (page: { on(event: 'crash', fn: () => void): void; url(): string }) => page.on('crash', () => crashes.push(new URL(page.url()).pathname.replace('/hostile/', '')));
  stack.context.pages().forEach(watch);
  stack.context.on('page', watch);
  const hostPid = (JSON.parse(fs.readFileSync(path.join(stack.env.VMARK_RUNTIME_DIR!, 'host.json'), 'utf8')) as { pid: number }).pid;

  const figures = { pages: 0, calls: 0, answered: 0, refused: 0, hung: 0, overBudget: 0, unsafe: 0, maxTokens: 0, navigationsRefused: 0, crashRefusals: 0, recoveredAfterCrash: 0, loadFailedRefusals: 0 };
  const findings: string[] = [];
  const refusals = new Map<string, number>();
  const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: site.url('/hostile/bidi-button') });
  let afterCrash: string | null = null;
  const crashedPages: string[] = [];
  for (const name of PAGES) {
    figures.pages++;
    const started = Date.now();
    const crashesBefore = crashes.length;
    const navigation = await answerOf(ai, 'browser', { action: 'navigate', tabId: opened.tabId, url: site.url(`/hostile/${name}`), timeoutMs: 5_000 });
    if (!navigation) findings.push(`${name} navigate: no answer within ${CALL_TIMEOUT_MS / 1000} s`);
    else if (navigation.isError) figures.navigationsRefused++;
    // the first page Chromium renders after a crashed one loads in the same tab
    if (afterCrash !== null && !CRASHES_CHROMIUM.includes(name)) {
      if (navigation && !navigation.isError) figures.recoveredAfterCrash++;
      else findings.push(`${name} navigate after ${afterCrash} crashed: ${navigation ? textOf(navigation).slice(0, 200) : 'no answer'}`);
      afterCrash = null;
    }
    const answers: [string, CallToolResult][] = [];
    const timings: string[] = [`navigate ${Date.now() - started}`];
    for (const [action, args] of [['navigate', {}] as [string, Record<string, unknown>], ...CALLS]) {
      let result: CallToolResult | null = navigation;
      if (action !== 'navigate') {
        figures.calls++;
        const at = Date.now();
        result = await answerOf(ai, 'browser_read', { ...args, tabId: opened.tabId });
        timings.push(`${action} ${Date.now() - at}`);
        if (result === null) {
          figures.hung++;
          findings.push(`${name} ${action}: no answer within ${CALL_TIMEOUT_MS / 1000} s`);
          continue;
        }
        figures.answered++;
        answers.push([action, result]);
        if (result.isError) {
          figures.refused++;
          const head = textOf(result).split(':')[0]!.slice(0, 40);
          refusals.set(`${action} ${head}`, (refusals.get(`${action} ${head}`) ?? 0) + 1);
        }
      }
      if (!result) continue;
      const tokens = encode(result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), { disallowedSpecial: new Set() }).length;
      figures.maxTokens = Math.max(figures.maxTokens, tokens);
      if (tokens > MAX_RESPONSE_TOKENS) {
        figures.overBudget++;
        findings.push(`${name} ${action}: ${tokens} tokens`);
      }
      const unsafe = answerStrings(result).find((s) => UNSAFE.test(s));
      if (unsafe !== undefined) {
        figures.unsafe++;
        findings.push(`${name} ${action}: unsafe character U+${unsafe.match(UNSAFE)![0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(unsafe.slice(0, 80))}`);
      }
    }
    // the page reads on Chromium's error page say what failed and where to go instead (the screenshot shows the error page)
    if (FAILS_TO_LOAD.includes(name)) {
      for (const [action, result] of answers.filter(([action]) => action !== 'screenshot')) {
        const refusal = result.isError ? (result.structuredContent as { token?: string; message?: string } | undefined) : undefined;
        if (refusal?.token === 'PAGE_LOAD_FAILED' && new RegExp(`/hostile/${name}.*failed to load.*too many redirects.*browser\\.navigate on this tabId.*browser\\.open`).test(refusal.message ?? '')) figures.loadFailedRefusals++;
        else findings.push(`${name} ${action} on the error page: ${textOf(result).slice(0, 200)}`);
      }
    }
    // Playwright reports a page's crash once; the refusals say which pages crashed
    const crashedHere = crashes.length > crashesBefore || answers.some(([, r]) => (r.structuredContent as { token?: string } | undefined)?.token === 'PAGE_CRASHED');
    if (crashedHere) {
      crashedPages.push(name);
      afterCrash = name;
      if (!CRASHES_CHROMIUM.includes(name)) findings.push(`${name}: the renderer crashed on a page Chromium renders by itself`);
      // every call after the crash answers PAGE_CRASHED with the next step
      for (const [action, result] of answers.slice(Math.max(0, answers.findIndex(([, r]) => r.isError)))) {
        const refusal = result.isError ? (result.structuredContent as { token?: string; message?: string } | undefined) : undefined;
        if (refusal?.token === 'PAGE_CRASHED' && /browser\.navigate/.test(refusal.message ?? '')) figures.crashRefusals++;
        else findings.push(`${name} ${action} after the crash: ${textOf(result).slice(0, 200)}`);
      }
    }
    console.log(`  ${name}: ${timings.join(', ')} ms`);
  }
  const alive = isAlive(hostPid) && isAlive(ai.pid);
  // the stack still works for the next caller: a plain page reads
  await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/forms.html') });
  const after = await ai.ok<{ snapshot: unknown[] }>('browser_read', { action: 'read', tabId: opened.tabId });
  console.log(
    `hostile pages: ${figures.pages} pages, ${figures.calls} browser_read calls: ${figures.answered} answered (${figures.refused} refusals), ${figures.hung} hung, ` +
      `${figures.overBudget} over ${MAX_RESPONSE_TOKENS} tokens (largest ${figures.maxTokens}), ${figures.unsafe} with unsafe characters, ` +
      `processes ${alive ? 'alive' : 'DIED'}; ${figures.navigationsRefused} navigations refused or timed out; ` +
      `${crashedPages.length} pages crashed Chromium's renderer by themselves (${crashedPages.join(', ') || 'none'}): ${figures.crashRefusals} calls answered PAGE_CRASHED, ${figures.recoveredAfterCrash} next navigations to a page Chromium renders worked; ` +
      `${figures.loadFailedRefusals} calls on Chromium's error page answered PAGE_LOAD_FAILED`,
  );
  for (const [kind, n] of refusals) console.log(`  refusal ${kind}: ${n}`);
  for (const finding of findings.slice(0, 20)) console.log(`  ${finding}`);
  expect(figures.calls).toBe(PAGES.length * CALLS.length);
  expect(findings).toEqual([]);
  for (const name of crashes) expect(CRASHES_CHROMIUM).toContain(name);
  expect(alive).toBe(true);
  expect(after.snapshot.length).toBeGreaterThan(0);
});

test('SEC ERR-04 a tab whose page crashed answers PAGE_CRASHED with the next step on every read, and browser.navigate brings it back', async ({ stack, ai, site }) => {
  const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: site.url('/forms.html') });
  const page = stack.context.pages().find((p) => p.url() === site.url('/forms.html'))!;
  const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
  const cdp = await stack.context.newCDPSession(page);
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  for (const [action, args] of CALLS) {
    const refusal = refusalOf(await ai.call('browser_read', { ...args, tabId: opened.tabId }));
    expect(refusal, action).toMatchObject({ token: 'PAGE_CRASHED', data: { tabId: opened.tabId } });
    expect(refusal.message, action).toMatch(/crashed.*browser\.navigate on this tabId.*browser\.open/);
  }
  const navigated = await ai.ok<{ outcome: string }>('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/forms.html') });
  expect(navigated.outcome).toBe('loaded');
  const read = await ai.ok<{ snapshot: { role: string }[] }>('browser_read', { action: 'read', tabId: opened.tabId });
  expect(read.snapshot.some((n) => n.role === 'button')).toBe(true);
});

// Issue 17: hostile pages. 51 generated pages (bidi overrides and zero-width characters in names,
// controls and terminal escapes, text posing as the tool's framing, 10 MB attributes, 100k-deep
// nesting, shadow-root bombs, endless redirects, a page that never finishes loading, pages that
// rewrite themselves on every frame, floods) go through browser_read read, query, extract, console
// and screenshot on the real stack: every call answers, no answer is over 25,000 o200k tokens, no
// string of an answer carries a control, bidi or zero-width character, nothing crashes. Prints its figures.

import fs from 'node:fs';
import path from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_RESPONSE_TOKENS } from '@vmark/shared';
import { expect, test, textOf } from './support/browserFixtures';
import { HOSTILE_PAGES, UNSAFE } from './support/hostilePages';
import type { Ai } from './support/mcpClient';

/** Far beyond any hop of browser_read: a call still open then is counted as hung. */
const CALL_TIMEOUT_MS = 90_000;

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

test('SEC 51 hostile pages through browser_read read, query, extract, console and screenshot: every call answers, none over 25,000 tokens, no control, bidi or zero-width character, nothing crashes', async ({ stack, ai, site }) => {
  test.setTimeout(600_000);
  const crashes: string[] = [];
  const watch = (page: { on(event: 'crash', fn: () => void): void; url(): string }) => page.on('crash', () => crashes.push(page.url()));
  stack.context.pages().forEach(watch);
  stack.context.on('page', watch);
  const hostPid = (JSON.parse(fs.readFileSync(path.join(stack.env.VMARK_RUNTIME_DIR!, 'host.json'), 'utf8')) as { pid: number }).pid;

  const figures = { pages: 0, calls: 0, answered: 0, refused: 0, hung: 0, overBudget: 0, unsafe: 0, maxTokens: 0, navigationsRefused: 0 };
  const findings: string[] = [];
  const refusals = new Map<string, number>();
  const opened = await ai.ok<{ tabId: string }>('browser', { action: 'open', url: site.url('/hostile/bidi-button') });
  for (const name of HOSTILE_PAGES) {
    figures.pages++;
    const started = Date.now();
    const navigation = await answerOf(ai, 'browser', { action: 'navigate', tabId: opened.tabId, url: site.url(`/hostile/${name}`), timeoutMs: 5_000 });
    if (!navigation) findings.push(`${name} navigate: no answer within ${CALL_TIMEOUT_MS / 1000} s`);
    else if (navigation.isError) figures.navigationsRefused++;
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
    console.log(`  ${name}: ${timings.join(', ')} ms`);
  }
  const alive = isAlive(hostPid) && isAlive(ai.pid);
  // the stack still works for the next caller: a plain page reads
  await ai.ok('browser', { action: 'navigate', tabId: opened.tabId, url: site.url('/forms.html') });
  const after = await ai.ok<{ snapshot: unknown[] }>('browser_read', { action: 'read', tabId: opened.tabId });
  console.log(
    `hostile pages: ${figures.pages} pages, ${figures.calls} browser_read calls: ${figures.answered} answered (${figures.refused} refusals), ${figures.hung} hung, ` +
      `${figures.overBudget} over ${MAX_RESPONSE_TOKENS} tokens (largest ${figures.maxTokens}), ${figures.unsafe} with unsafe characters, ${crashes.length} renderer crashes, ` +
      `processes ${alive ? 'alive' : 'DIED'}; ${figures.navigationsRefused} navigations refused or timed out`,
  );
  for (const [kind, n] of refusals) console.log(`  refusal ${kind}: ${n}`);
  for (const finding of findings.slice(0, 20)) console.log(`  ${finding}`);
  expect(figures.calls).toBe(HOSTILE_PAGES.length * CALLS.length);
  expect(findings).toEqual([]);
  expect(crashes).toEqual([]);
  expect(alive).toBe(true);
  expect(after.snapshot.length).toBeGreaterThan(0);
});

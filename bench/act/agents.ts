import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connect } from '../snapshot/peers';
import { BROWSER } from '../../tests/e2e/support/paths';
import type { Ai } from '../../tests/e2e/support/mcpClient';
import type { Step } from './cases';

/** One act as a tool answered it: acted (the tool reported success) or refused (with ours: the reason). */
export interface Outcome {
  acted: boolean;
  reason?: string;
  ms: number;
}

/** A tool under test, on one tab: load a page, do a step, read the page's #log and React mirror. */
export interface Agent {
  load(url: string): Promise<void>;
  act(step: Step): Promise<Outcome>;
  pageText(): Promise<string>;
  log(): Promise<string>;
  mirror(): Promise<string>;
  close(): Promise<void>;
}

const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** Ours: browser.act by role + name through the whole stack (grants taken beforehand). */
export function oursOn(ai: Ai, tabId: string, readPage: () => Promise<{ log: string; mirror: string }>): Agent {
  return {
    async load(url) {
      await ai.ok('browser', { action: 'navigate', tabId, url });
    },
    async act(step) {
      const args: Record<string, unknown> =
        step.op === 'key'
          ? { operation: 'key', key: step.key }
          : { operation: step.op === 'click' ? 'click' : 'type', role: step.role, name: step.name, ...(step.op === 'type' ? { text: step.text } : step.op === 'select' ? { text: step.option } : {}) };
      const started = performance.now();
      const result = await ai.call('browser', { action: 'act', tabId, ...args });
      const ms = performance.now() - started;
      if (!result.isError) return { acted: true, ms };
      const data = (result.structuredContent as { token?: string; data?: { reason?: string } } | undefined) ?? {};
      return { acted: false, reason: data.data?.reason ?? data.token ?? textOf(result).slice(0, 80), ms };
    },
    async pageText() {
      return `${textOf(await ai.call('browser_read', { action: 'read', tabId }))}\n${textOf(await ai.call('browser_read', { action: 'extract', tabId }))}`;
    },
    log: async () => (await readPage()).log,
    mirror: async () => (await readPage()).mirror,
    close: async () => undefined,
  };
}

const require = createRequire(import.meta.url);
const CALL_TIMEOUT_MS = 120_000;

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })) as CallToolResult;
}

/** The ref @playwright/mcp's snapshot gives the first `role "name"` (an agent takes the first match); null if none. */
export function peerRef(snapshot: string, role: string, name: string): string | null {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`- ${role} "${escaped}"[^\\n]*\\[ref=([a-z0-9]+)\\]`).exec(snapshot);
  return match?.[1] ?? null;
}

/** @playwright/mcp on the same Chromium: snapshot for refs, then browser_click / _type / _select_option / _press_key. */
export async function startPeer(): Promise<Agent> {
  const cli = path.join(path.dirname(require.resolve('@playwright/mcp/package.json')), 'cli.js');
  const client = await connect(cli, ['--headless', '--isolated', '--no-sandbox', '--executable-path', BROWSER, '--viewport-size', '1280x720']);
  const evaluate = async (fn: string): Promise<string> => {
    const text = textOf(await call(client, 'browser_evaluate', { function: fn }));
    const result = /### Result\s*\n([^\n]*)/.exec(text)?.[1] ?? '""';
    try {
      return String(JSON.parse(result));
    } catch {
      return result;
    }
  };
  return {
    async load(url) {
      await call(client, 'browser_navigate', { url });
    },
    async act(step) {
      // the agent reads before acting, as with ours; not timed
      const snapshot = step.op === 'key' ? '' : textOf(await call(client, 'browser_snapshot', {}));
      const role = step.op === 'click' ? step.peerRole ?? step.role : step.op === 'key' ? '' : step.role;
      const ref = step.op === 'key' ? null : peerRef(snapshot, role, step.name);
      if (step.op !== 'key' && ref === null) return { acted: false, reason: 'not in the snapshot', ms: 0 };
      const element = step.op === 'key' ? '' : `${role} "${step.name}"`;
      const [tool, args]: [string, Record<string, unknown>] =
        step.op === 'click' ? ['browser_click', { element, target: ref }]
        : step.op === 'type' ? ['browser_type', { element, target: ref, text: step.text }]
        : step.op === 'select' ? ['browser_select_option', { element, target: ref, values: [step.option] }]
        : ['browser_press_key', { key: step.key }];
      const started = performance.now();
      const result = await call(client, tool, args);
      const ms = performance.now() - started;
      // a file chooser the click opened blocks every later call: the agent dismisses it (not timed)
      if (/File chooser/i.test(textOf(result))) await call(client, 'browser_file_upload', {});
      return result.isError ? { acted: false, reason: (textOf(result).split('\n').find((line) => line.trim() && !line.startsWith('###')) ?? 'error').slice(0, 80), ms } : { acted: true, ms };
    },
    pageText: async () => textOf(await call(client, 'browser_snapshot', {})),
    log: () => evaluate("() => document.getElementById('log')?.textContent ?? ''"),
    mirror: () => evaluate("() => document.querySelector('output[aria-label=\"Nickname mirror\"]')?.textContent ?? ''"),
    close: () => client.close(),
  };
}

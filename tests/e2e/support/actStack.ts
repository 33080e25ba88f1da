/// <reference types="chrome" />
// One stack for a browser.act spec (loopback allowed, two fixture-site origins), and the calls those
// specs make: act by role + name, open act.html in an AI tab, grant on the site, expect a refusal.

import type { Page } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Ai } from './mcpClient';
import { useSharedStack } from './sharedStack';
import type { Stack } from './stack';
import { startSite, type Site } from './site';
import { expect, refusalOf } from './browserFixtures';
import { answerPrompt, approvalPromptFor, pageShowing } from './browserPerson';

export interface ActResult {
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

export interface ActStack {
  readonly stack: Stack;
  readonly ai: Ai;
  /** The fixture site, and a second origin of it. */
  readonly site: Site;
  readonly other: Site;
  act(args: Record<string, unknown>): Promise<CallToolResult>;
  actOk(args: Record<string, unknown>): Promise<ActResult>;
  /** Opens act.html of `where` (default: `site`) in a new AI tab; returns its id and the person's view of it. */
  openFixture(where?: Site): Promise<{ tabId: string; page: Page }>;
  logOf(page: Page): Promise<string>;
  /** The person answers the prompt the refused `args` raise with "Allow on this site". */
  allowOnSite(args: Record<string, unknown>): Promise<void>;
  /** `args` are refused with ACT_REFUSED; returns the refusal's data. */
  refusal(args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Starts the stack and two fixture sites before the spec's tests, and stops them after. */
export function useActStack(): ActStack {
  let started: { stack: Stack; ai: Ai; site: Site; other: Site } | undefined;
  useSharedStack({ allowLoopback: true }, async (shared) => {
    started = { stack: shared.stack, ai: await shared.connectAi(), site: shared.closeAfter(await startSite()), other: shared.closeAfter(await startSite()) };
  });
  const now = () => {
    if (!started) throw new Error('the stack starts in beforeAll');
    return started;
  };
  const fixture: ActStack = {
    get stack() {
      return now().stack;
    },
    get ai() {
      return now().ai;
    },
    get site() {
      return now().site;
    },
    get other() {
      return now().other;
    },
    act: (args) => now().ai.call('browser', { action: 'act', ...args }),
    actOk: (args) => now().ai.ok<ActResult>('browser', { action: 'act', ...args }),
    async openFixture(where = now().site) {
      const opened = await now().ai.ok<{ tabId: string }>('browser', { action: 'open', url: where.url('/act.html') });
      return { tabId: opened.tabId, page: pageShowing(now().stack, where.url('/act.html')) };
    },
    logOf: (page) => page.locator('#log').innerText(),
    async allowOnSite(args) {
      const prompt = await approvalPromptFor(now().stack, async () => {
        const refused = refusalOf(await fixture.act(args));
        expect(refused.token, refused.message).toBe('NOT_GRANTED');
      });
      await answerPrompt(prompt, 'Allow on this site');
    },
    async refusal(args) {
      const refused = refusalOf(await fixture.act(args));
      expect(refused.token, refused.message).toBe('ACT_REFUSED');
      return refused.data!;
    },
  };
  return fixture;
}

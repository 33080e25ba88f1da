import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Ai } from '../../tests/e2e/support/mcpClient';
import { useSourceMode } from '../../tests/e2e/support/person';
import type { Stack } from '../../tests/e2e/support/stack';
import { count } from '../quick';
import type { Tally } from './figures';

/** How often each fault is injected: `VMARK_FAULTS_ROUNDS=N` (to reproduce a rare loss), else 20, or 3 when quick. */
export const ROUNDS = Number(process.env.VMARK_FAULTS_ROUNDS) || count(20, 3);

/** `VMARK_FAULTS_LOG=1`: every round of the mid-call faults and the browser kill prints what the AI sent, what was answered and what was found. */
export const LOG_ROUNDS = process.env.VMARK_FAULTS_LOG === '1';

/** The stack a fault round runs on; `context` and `page` change when a round restarts the browser or a window. */
export interface Harness {
  stack: Stack;
  ai: Ai;
  context: BrowserContext;
  page: Page;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random whole number of milliseconds in [from, to): where in a round the fault lands. */
export const anywhereIn = (from: number, to: number) => Math.floor(from + Math.random() * (to - from));

/** A new editor window on the stack's native workspace, once its MCP link is up. */
export async function openWindow(h: Harness): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(`${h.stack.editorUrl}?workspace=${encodeURIComponent(h.stack.workspace)}`);
  await page.getByText(/MCP: connected/).waitFor({ timeout: 60_000 });
  return page;
}

/** Writes `content` to a new file of the workspace and opens it in the editor; the file's path and tab. */
export async function openFile(h: Harness, name: string, content: string, show = false): Promise<{ file: string; tabId: string }> {
  const file = path.join(h.stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await h.ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  if (show) {
    await h.ai.ok('workspace', { action: 'switch_tab', tabId });
    await useSourceMode(h.page);
  }
  return { file, tabId };
}

/** Kills the renderer of `page` (CDP Page.crash: no unload handler runs) and waits until it is gone. */
export async function crashRenderer(h: Harness, page: Page): Promise<void> {
  const cdp = await h.context.newCDPSession(page);
  const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close().catch(() => undefined);
}

export interface Typed {
  text: string;
  /** When each keystroke had been handed to the page (ms since the epoch). */
  at: number[];
}

/**
 * The person typing letters into the focused source editor, one keystroke at a time at a typist's
 * pace, until `stop()`; a keystroke that fails (the page went away) ends it.
 */
export async function typeUntil(page: Page, stop: () => boolean, typed: Typed): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  for (let n = 0; !stop(); n++) {
    const ch = String.fromCharCode(97 + (n % 26));
    try {
      await page.keyboard.type(ch);
    } catch {
      return;
    }
    typed.text += ch;
    typed.at.push(Date.now());
    await sleep(40);
  }
}

/** Keystrokes typed before `faultAt` that `recovered` (what came back after the base text) does not hold. */
export function lostKeystrokes(typed: Typed, recovered: string, faultAt: number): { lostAges: number[]; garbled: boolean } {
  let kept = 0;
  while (kept < recovered.length && kept < typed.text.length && recovered[kept] === typed.text[kept]) kept++;
  return { lostAges: typed.at.slice(kept).filter((at) => at <= faultAt).map((at) => faultAt - at), garbled: kept < recovered.length };
}

/** Adds one round's typing to the tally. */
export function countKeystrokes(t: Tally, typed: Typed, recovered: string, faultAt: number, windowMs: number): void {
  const { lostAges, garbled } = lostKeystrokes(typed, recovered, faultAt);
  t.keystrokes += typed.text.length;
  t.keystrokesLost += lostAges.length;
  t.keystrokesLostBeyondWindow += lostAges.filter((age) => age > windowMs).length;
  t.oldestLostKeystrokeMs = Math.max(t.oldestLostKeystrokeMs, ...lostAges);
  if (garbled) t.garbled++;
}

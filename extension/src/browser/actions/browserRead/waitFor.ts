import { browserReadTool, ok, type CallOutcome } from '@vmark/shared';
import type { Condition, MatchResult } from '../../../page/types';
import { defineBrowserAction, type BrowserContext } from '../../defineBrowserAction';
import { redactUrl } from '../../safety/pageFacts';
import { readTarget } from '../../pageApi/readTarget';
import { DEFAULT_WAIT_TIMEOUT_MS, refuse } from '../../refusals';
import { attachmentKey, loadBrowserState } from '../../state/browserState';

const POLL_INTERVAL_MS = 200;

/** urlContains is answered from the tab state (the redacted URL, so a token in a query is never matched). */
async function urlMatches(chromeTabId: number, fragment: string): Promise<MatchResult> {
  const tab = await chrome.tabs.get(chromeTabId).catch(() => null);
  return { matched: tab !== null && redactUrl(tab.url ?? '').includes(fragment) };
}

/** A person's tab may be polled only while its attachment lives: it ends when the tab navigates. */
async function attachmentEnded(ctx: BrowserContext): Promise<boolean> {
  if (ctx.target.kind !== 'person') return false;
  return !(await loadBrowserState()).attachments[attachmentKey(ctx.target.chromeTabId, ctx.aiPrincipal.key)];
}

/** One check in the page; a page in the middle of navigating simply does not match yet. */
async function pageMatches(ctx: BrowserContext, condition: Condition): Promise<MatchResult> {
  const result = await readTarget(ctx.target, 'matches', [condition]);
  return result.ok ? result.value : { matched: false };
}

export const waitFor = defineBrowserAction(browserReadTool, 'wait_for', {
  needs: 'readable-lasting',
  async run(ctx, args): Promise<CallOutcome> {
    const condition: Condition | null =
      args.ref !== undefined ? { ref: args.ref }
      : args.role !== undefined ? { role: args.role, ...(args.name !== undefined ? { name: args.name } : {}) }
      : args.text !== undefined ? { text: args.text }
      : null;
    const check = (): Promise<MatchResult> =>
      condition ? pageMatches(ctx, condition) : urlMatches(ctx.target.chromeTabId, args.urlContains ?? '');
    const deadline = Date.now() + (args.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS);
    for (;;) {
      if (await attachmentEnded(ctx)) {
        return refuse('NOT_GRANTED', `Tab ${ctx.target.tabId} navigated, which ended the user's approval; read it again to ask for a new one`, {
          tabId: ctx.target.tabId,
          needsApproval: true,
          approval: 'attach',
        });
      }
      const result = await check();
      if (result.matched) return ok({ tabId: ctx.target.tabId, matched: true, ...(result.ref ? { ref: result.ref } : {}) });
      const left = deadline - Date.now();
      if (left <= 0) return ok({ tabId: ctx.target.tabId, matched: false });
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, left)));
    }
  },
});

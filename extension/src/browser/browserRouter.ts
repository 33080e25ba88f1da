import { findTool, parseToolCall, textFailure, unexpectedFailure, type CallOutcome, type CallRequest } from '@vmark/shared';
import { BROWSER_ACTIONS } from './actions';
import type { BrowserContext, BrowserActionHandler } from './defineBrowserAction';
import { refuse } from './refusals';
import { readSettings } from './settings';
import { attachmentKey, updateBrowserState } from './state/browserState';
import { principalFor } from './state/principals';
import { isOutcome, resolveAiTab, resolveReadable, type Target } from './resolveTarget';
import { endPrincipal } from './principalLifecycle';
import { pageCrashed, pageCrashedRefusal } from './pageApi/crashedPage';

/** What still works on a tab whose page crashed: loading it again. */
const RUNS_ON_CRASHED_PAGE = new Set(['browser.navigate']);

async function resolveNeeds(handler: BrowserActionHandler, aiPrincipal: BrowserContext['aiPrincipal'], tabId: string | undefined): Promise<Target | CallOutcome | null> {
  switch (handler.needs) {
    case 'none':
      return null;
    case 'ai-tab':
      return resolveAiTab(aiPrincipal, tabId);
    case 'readable':
      return resolveReadable(aiPrincipal, tabId, false);
    case 'readable-lasting':
      return resolveReadable(aiPrincipal, tabId, true);
  }
}

/** An "Allow once" attachment is spent by the one read that succeeded with it. */
async function spendOnce(target: Target | null, outcome: CallOutcome): Promise<void> {
  if (target?.kind !== 'person' || target.attachment.mode !== 'once' || outcome.kind !== 'ok') return;
  await updateBrowserState((state) => {
    delete state.attachments[attachmentKey(target.chromeTabId, target.attachment.principalKey)];
  });
}

/** The one edge for browser tools: disabled check, argument re-check, AI principal, tab, run. */
export async function routeBrowserCall(request: CallRequest): Promise<CallOutcome> {
  const handler = BROWSER_ACTIONS.get(`${request.tool}.${request.action}`);
  const tool = findTool(request.tool);
  if (!handler || !tool) return textFailure(`${request.tool}.${request.action} is not available in this extension version.`);
  const settings = await readSettings();
  if (!settings.enabled) return refuse('BROWSER_DISABLED', 'The browser tools are turned off in the VMark extension; ask the user to turn them on');
  const parsed = parseToolCall(tool, { action: request.action, ...request.args });
  if (!parsed.ok) return textFailure(parsed.message);
  const { aiPrincipal, expired } = await principalFor(request.principal);
  for (const key of expired) void endPrincipal(key);
  const args = parsed.args as Record<string, unknown>;
  const target = await resolveNeeds(handler, aiPrincipal, args.tabId as string | undefined);
  if (target && isOutcome(target)) return target;
  if (target && !RUNS_ON_CRASHED_PAGE.has(`${request.tool}.${request.action}`) && (await pageCrashed(target.chromeTabId))) return pageCrashedRefusal(target);
  const ctx: BrowserContext = {
    principal: request.principal,
    aiPrincipal,
    settings,
    get target(): Target {
      if (!target) throw new Error(`${request.tool}.${request.action} resolves its own tab`);
      return target;
    },
  };
  try {
    const outcome = await handler.run(ctx, args);
    await spendOnce(target, outcome);
    return outcome;
  } catch (error) {
    console.error(`VMark: ${request.tool}.${request.action} failed`, error);
    return unexpectedFailure(`${request.tool}.${request.action}`, error);
  }
}

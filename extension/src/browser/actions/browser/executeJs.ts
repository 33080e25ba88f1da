import { browserTool, ok, textFailure } from '@vmark/shared';
import { permitOrAsk, spendPermit } from '../../approvals/operationGrants';
import { evaluateIsolated, sha256Hex } from '../../acting/isolatedEval';
import { defineBrowserAction } from '../../defineBrowserAction';
import { refuse, untrustedNotice } from '../../refusals';
import { loadBrowserState } from '../../state/browserState';

export const EVAL_TIMEOUT_MS = 5_000;

/**
 * The escape hatch: approved per call (never on a site), bound to the script's hash; runs in an
 * isolated world; the value comes back as page data (untrusted), never fed into an act.
 */
export const executeJs = defineBrowserAction(browserTool, 'execute_js', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const target = ctx.target;
    if (target.kind !== 'ai') throw new Error('execute_js needs an AI tab');
    const hash = await sha256Hex(args.script);
    const permit = await permitOrAsk(ctx.aiPrincipal, target.tab, { operation: 'eval', element: null, detail: args.script, bindingDetail: `sha256:${hash}` }, { tool: 'browser', action: 'execute_js' });
    if (!permit.ok) return permit.outcome;
    // spent before running: a script that ran (or may have) is never re-run on the same approval
    await spendPermit(ctx.aiPrincipal, target.chromeTabId, permit.permit);
    const outcome = await evaluateIsolated(target.chromeTabId, args.script, EVAL_TIMEOUT_MS);
    const tab = (await loadBrowserState()).aiTabs[String(target.chromeTabId)];
    const facts = { tabId: target.tabId, url: tab?.url ?? '', generation: tab?.generation ?? 0 };
    switch (outcome.kind) {
      case 'unavailable':
        return textFailure(`execute_js could not run on tab ${target.tabId}: ${outcome.message}`);
      case 'timeout':
        return refuse('EVAL_TIMEOUT', `The script did not finish within ${EVAL_TIMEOUT_MS / 1000} s and may still have run to the end; read the page with browser_read before acting again`, {
          ...facts,
          detail: { indeterminate: true, timeoutMs: EVAL_TIMEOUT_MS },
        });
      case 'error':
        return refuse('SCRIPT_ERROR', `The script failed: ${outcome.message}`, { ...facts, error: outcome.message });
      case 'value':
        return ok({ ...facts, result: JSON.parse(outcome.json) as unknown, untrusted: true }, { notice: untrustedNotice(facts.url) });
    }
  },
});
